import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';

const CertificatePage = lazy(() => import('../features/certificates/components/certificate-page'));
const NotFoundPage = lazy(() => import('../features/errors/components/not-found-page'));

/** `/cert/{shortCode}{suffix}/`: no suffix the certificate, x the certificate without winners, w winners, e entry check. */
export default function CertificateRoute() {
  const match = /^([A-Z]{5})([wex]?)$/.exec(useParams().shortCode ?? '');
  const screen = (() => {
    switch (match?.[2]) {
      case '':
        return <CertificatePage shortCode={match![1]} withWinners />;
      case 'x':
        return <CertificatePage shortCode={match![1]} withWinners={false} />;
      default:
        return <NotFoundPage />;
    }
  })();
  return (
    <Suspense fallback={<Center py="xl" mih="100vh"><Loader aria-label="Loading" /></Center>}>
      {screen}
    </Suspense>
  );
}
