import type { CertificateResponseDto } from '../../api/certificate-api';
import { SITE_NAME } from '../../lib/routes';

/** The certificate page's title and description: the browser sets them once the certificate is known, the server with the page. */
export function certificateHead(cert: Pick<CertificateResponseDto, 'name' | 'organisation'>): { title: string; description: string } {
  return {
    // Ends with the site's name like every other page's title (issue 27).
    title: `Certificate of ${cert.name} | ${SITE_NAME}`,
    description: `The certificate of ${cert.name} by ${cert.organisation}, drawn at random by FairDraw: its prizes, hashes and seed, which anyone can verify.`,
  };
}
