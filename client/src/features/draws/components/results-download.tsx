import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { selectScreenShare } from '../../../lib/site/site-slice';
import { BusyButton } from '../../../shared/busy/busy-button';

/** Part 2 §2 sets 5 s for the invoice and 10 s for certificates; the results file is a CSV like the invoice's size. */
const RESULTS_SPINNER_MS = 5_000;

function resultsUrl(drawId: string): string {
  return `/download/results/${encodeURIComponent(drawId)}`;
}

/**
 * The results CSV (winners and reserves with their rows) from the download route, for the owner. It holds entrants'
 * personal details, so it sits behind a privacy warning (part 2 §2) unless the screen-share settings turn the
 * warnings off. The file arrives as an attachment, so the page stays; the spinner says it is on its way and keeps a
 * second click from fetching it again meanwhile.
 */
export function ResultsDownload({ drawId }: { drawId: string }) {
  const { privacyWarnings } = useAppSelector(selectScreenShare);
  const [warning, setWarning] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setBusy(false), RESULTS_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  const started = () => {
    setWarning(false);
    setBusy(true);
  };

  return (
    <>
      {privacyWarnings ? (
        <BusyButton variant="light" leftSection={<IconDownload size={18} aria-hidden />} loading={busy} onClick={() => setWarning(true)}>
          Download results (CSV)
        </BusyButton>
      ) : (
        <BusyButton component="a" href={resultsUrl(drawId)} download variant="light" leftSection={<IconDownload size={18} aria-hidden />} loading={busy} onClick={started}>
          Download results (CSV)
        </BusyButton>
      )}
      <Modal closeButtonProps={{ 'aria-label': 'Close dialog' }} opened={warning} onClose={() => setWarning(false)} title="Privacy warning" centered>
        <Stack gap="md">
          <Text>The results file lists the winners and reserves with their entries, which may hold personal details. Keep it safe, and take care not to open it while sharing your screen.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWarning(false)}>
              Cancel
            </Button>
            <Button component="a" href={resultsUrl(drawId)} download leftSection={<IconDownload size={18} aria-hidden />} onClick={started}>
              Download
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
