import { CertificatePanel } from '../../features/certificates/components/certificate-panel';
import DrawDetailPage from '../../features/draws/components/draw-detail-page';

/** A draw's page with the certificates feature's panel: the app composes features, which do not import each other. */
export default function DrawDetailRoute() {
  return <DrawDetailPage CertificatePanel={CertificatePanel} />;
}
