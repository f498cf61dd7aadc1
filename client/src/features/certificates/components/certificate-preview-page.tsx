import { Alert, Center, Loader } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useGetCertificateQuery } from '../../../api/certificate-api';
import { useGetDrawQuery } from '../../../api/draws-api';
import { clientSessionId } from '../../../lib/session/client-session';
import { frameCap } from '../../../shared/preview/use-preview-hash';
import { NOT_OWNER, PreviewNotice } from '../../../shared/preview/preview-notice';
import CertificatePage from './certificate-page';

/** What the owner's preview frame says above the certificate it draws: a preview, never the certificate itself. */
export const CERTIFICATE_PREVIEW_MARK = 'Preview of your branding — not the certificate. Only you see this page.';

/**
 * /cert/{shortCode}[x]/?prev=true&fw=#<branding>: the branding editor's frame, the certificate drawn in the branding
 * of the hash. Only the draw's owner (the signed-in account or the browser tab that made a visitor's draw, or an
 * administrator, as for the winners and entry check frames) gets it, marked as a preview; anyone else gets a notice
 * and nothing of the hash, so a link cannot dress up someone's certificate in colours and logo text of its own.
 */
export default function CertificatePreviewPage({ shortCode, withWinners }: { shortCode: string; withWinners: boolean }) {
  const [params] = useSearchParams();
  const clientSession = useMemo(() => clientSessionId(), []);
  const { data: cert, isLoading: certificateLoading } = useGetCertificateQuery({ shortCode });
  // Anyone may read a draw by id; the answer says whether the caller owns it.
  const { data: draw, isLoading: drawLoading } = useGetDrawQuery(cert ? { id: cert.drawId, clientSession } : skipToken);
  if (certificateLoading || drawLoading)
    return (
      <Center py="xl" mih="100vh">
        <Loader aria-label="Loading the preview" />
      </Center>
    );
  if (!cert || !draw?.isOwner || draw.id !== cert.drawId) {
    return (
      <PreviewNotice shortCode={shortCode} frame={{ width: frameCap(params.get('fw')), settled: true }} title="Certificate preview">
        {NOT_OWNER}
      </PreviewNotice>
    );
  }
  return (
    <>
      <Alert color="yellow" variant="filled" radius={0} ta="center" role="note" data-testid="certificate-preview-mark" styles={{ message: { fontWeight: 700, color: 'var(--mantine-color-dark-9)' } }}>
        {CERTIFICATE_PREVIEW_MARK}
      </Alert>
      <CertificatePage shortCode={shortCode} withWinners={withWinners} preview />
    </>
  );
}
