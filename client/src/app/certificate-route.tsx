import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
// Static: this route is already its own lazily loaded chunk, and a second lazy hop would delay the certificate's fetch.
import CertificatePage from '../features/certificates/components/certificate-page';
import CertificatePreviewPage from '../features/certificates/components/certificate-preview-page';
import NotFoundPage from '../shared/errors/components/not-found-page';

const PublicWinnersPage = lazy(() => import('../features/publication/components/public-winners-page'));
const PublicEntryCheckPage = lazy(() => import('../features/publication/components/public-entry-check-page'));
const WinnersPreviewPage = lazy(() => import('../features/publication/components/winners-preview-page'));
const EntryCheckPreviewPage = lazy(() => import('../features/publication/components/entry-check-preview-page'));

/**
 * `/cert/{shortCode}{suffix}/`: no suffix the certificate, x the certificate without winners, w winners, e entry check;
 * each with `?prev=true` is the owner's preview frame of that page (config in the hash), anyone else's a notice.
 */
export default function CertificateRoute() {
  const match = /^([A-Z]{5})([wex]?)$/.exec(useParams().shortCode ?? '');
  const preview = useSearchParams()[0].get('prev') === 'true';
  switch (match?.[2]) {
    case '':
    case 'x': {
      const Page = preview ? CertificatePreviewPage : CertificatePage;
      return <Page shortCode={match![1]} withWinners={match![2] === ''} />;
    }
    case 'w':
    case 'e': {
      const Page = match[2] === 'w' ? (preview ? WinnersPreviewPage : PublicWinnersPage) : preview ? EntryCheckPreviewPage : PublicEntryCheckPage;
      return (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Page shortCode={match[1]} />
        </Suspense>
      );
    }
    default:
      return <NotFoundPage />;
  }
}
