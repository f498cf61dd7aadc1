import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';

// The certificate route /cert/{shortCode}: five letters, then w (published winners), e (entry check) or nothing.
const PublicWinnersPage = lazy(() => import('../features/publication/components/public-winners-page'));
const PublicEntryCheckPage = lazy(() => import('../features/publication/components/public-entry-check-page'));
const PlaceholderPage = lazy(() => import('../features/placeholder/components/placeholder-page'));

export default function CertificateRoute() {
  const { shortCode = '' } = useParams();
  const code = shortCode.slice(0, 5).toUpperCase();
  let screen;
  switch (shortCode.slice(5)) {
    case 'w':
      screen = <PublicWinnersPage shortCode={code} />;
      break;
    case 'e':
      screen = <PublicEntryCheckPage shortCode={code} />;
      break;
    default:
      screen = <PlaceholderPage />;
  }
  return (
    <Suspense
      fallback={
        <Center py={48}>
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      {screen}
    </Suspense>
  );
}
