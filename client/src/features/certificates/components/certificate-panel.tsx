import { Anchor, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconDownload, IconPalette } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { selectScreenShare } from '../../../lib/site/site-slice';
import { BrandingEditor } from './branding-editor';
import { BusyButton } from '../../../shared/busy/busy-button';

/** Part 2 §2: a certificate download's spinner lasts 10 s. */
const CERTIFICATE_SPINNER_MS = 10_000;

function CertificateDownload({ drawId, withWinners }: { drawId: string; withWinners: boolean }) {
  const { privacyWarnings } = useAppSelector(selectScreenShare);
  const [warning, setWarning] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setBusy(false), CERTIFICATE_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  const url = `/download/${withWinners ? 'certificatewinners' : 'certificate'}/${encodeURIComponent(drawId)}`;
  const label = withWinners ? 'Certificate with winners (PDF)' : 'Certificate (PDF)';
  const started = () => {
    setWarning(false);
    setBusy(true);
  };
  return (
    <>
      {privacyWarnings ? (
        <BusyButton variant="light" leftSection={<IconDownload size={18} aria-hidden />} loading={busy} onClick={() => setWarning(true)}>
          {label}
        </BusyButton>
      ) : (
        <BusyButton component="a" href={url} download variant="light" leftSection={<IconDownload size={18} aria-hidden />} loading={busy} onClick={started}>
          {label}
        </BusyButton>
      )}
      <Modal closeButtonProps={{ 'aria-label': 'Close dialog' }} opened={warning} onClose={() => setWarning(false)} title="Privacy warning" centered>
        <Stack gap="md">
          <Text>
            {withWinners
              ? 'This certificate lists the winners by entry number. Take care before sharing it or opening it while sharing your screen.'
              : 'The certificate names your draw, its prizes and how it was verified. Take care when opening it while sharing your screen.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWarning(false)}>
              Cancel
            </Button>
            <Button component="a" href={url} download leftSection={<IconDownload size={18} aria-hidden />} onClick={started}>
              Download
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The draw detail's certificate section: public page, PDF downloads, and for the owner the branding editor. */
export function CertificatePanel({
  draw,
  clientSession,
  canDownloadWinners,
}: {
  draw: { id: string; shortCode: string; state: string; isOwner: boolean };
  clientSession: string;
  canDownloadWinners: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const drawn = draw.state === 'drawn';
  if (!drawn && !draw.isOwner) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="certificate-title">
      <Stack gap="sm">
        <Title order={2} fz="xl" id="certificate-title">
          Certificate
        </Title>
        <Text size="sm">
          {drawn ? 'Anyone can open the certificate and check the draw with their copy of the entries file.' : 'The certificate is issued when the draw is done. You can brand it now.'}
        </Text>
        <Group gap="sm">
          {drawn && (
            <Button component="a" href={`/cert/${draw.shortCode}/`} variant="light" leftSection={<IconCertificate size={18} aria-hidden />}>
              Open the certificate page
            </Button>
          )}
          {drawn && <CertificateDownload drawId={draw.id} withWinners={false} />}
          {drawn && canDownloadWinners && <CertificateDownload drawId={draw.id} withWinners />}
          {draw.isOwner && (
            <Button variant="default" leftSection={<IconPalette size={18} aria-hidden />} onClick={() => setEditing(true)}>
              Brand the certificate
            </Button>
          )}
        </Group>
        {drawn && (
          <Text size="sm" c="gray.8">
            Public address: <Anchor href={`/cert/${draw.shortCode}/`} underline="always">{`/cert/${draw.shortCode}/`}</Anchor> (without winners:{' '}
            <Anchor href={`/cert/${draw.shortCode}x/`} underline="always">{`/cert/${draw.shortCode}x/`}</Anchor>)
          </Text>
        )}
      </Stack>
      {draw.isOwner && <BrandingEditor drawId={draw.id} shortCode={draw.shortCode} clientSession={clientSession} opened={editing} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
