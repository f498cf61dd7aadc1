import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
// Static: this route is already its own lazily loaded chunk, and a second lazy hop would delay the certificate's fetch.
import CertificatePage from '../features/certificates/components/certificate-page';
import NotFoundPage from '../features/errors/components/not-found-page';

const PublicWinnersPage = lazy(() => import('../features/publication/components/public-winners-page'));
const PublicEntryCheckPage = lazy(() => import('../features/publication/components/public-entry-check-page'));

/** `/cert/{shortCode}{suffix}/`: no suffix the certificate, x the certificate without winners, w winners, e entry check. */
export default function CertificateRoute() {
  const match = /^([A-Z]{5})([wex]?)$/.exec(useParams().shortCode ?? '');
  switch (match?.[2]) {
    case '':
      return <CertificatePage shortCode={match![1]} withWinners />;
    case 'x':
      return <CertificatePage shortCode={match![1]} withWinners={false} />;
    case 'w':
    case 'e':
      return (
        <Suspense fallback={<Center py="xl"><Loader aria-label="Loading" /></Center>}>
          {match![2] === 'w' ? <PublicWinnersPage shortCode={match![1]} /> : <PublicEntryCheckPage shortCode={match![1]} />}
        </Suspense>
      );
    default:
      return <NotFoundPage />;
  }
}
