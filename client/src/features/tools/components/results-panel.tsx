import { Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDates } from '../../../lib/use-dates';
import { useClipboard } from '@mantine/hooks';
import { IconArrowLeft, IconCheck, IconCopy, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { numbersDownloadPath } from '../../../api/tools-api';
import { groupedDigits } from '../chart-labels';
import type { Generation } from '../use-generator';
import { HistogramChart } from './histogram-chart';
import classes from './tools.module.css';
import { BusyButton } from '../../../shared/busy/busy-button';

interface ResultsPanelProps {
  generation: Generation;
  title: string;
  summary: ReactNode;
  /** The distribution chart: number results only. */
  withHistogram: boolean;
  busy: boolean;
  onBack: () => void;
  onAgain?: () => void;
  onReuseSeed: () => void;
}

const ORIGIN: Record<Generation['seedOrigin'], { badge: string; color: string; note: string }> = {
  quantum: { badge: 'Quantum seed', color: 'brand', note: 'A true random seed from the quantum random numbers service.' },
  local: {
    badge: 'Local seed',
    color: 'orange',
    note: 'This seed comes from a secure local generator, not from the quantum service (which was unavailable); the * at its end says so.',
  },
  own: { badge: 'Your seed', color: 'gray', note: 'Your own seed: the same seed and options give these numbers again.' },
};

/** The result step: what was generated, the first rows, copy, both downloads and, for numbers, the chart. */
export function ResultsPanel({ generation, title, summary, withHistogram, busy, onBack, onAgain, onReuseSeed }: ResultsPanelProps) {
  const { dateTime } = useDates();
  const { response, seed, seedOrigin } = generation;
  const clipboard = useClipboard({ timeout: 2500 });
  const heading = useRef<HTMLHeadingElement>(null);
  const origin = ORIGIN[seedOrigin];
  const rows = response.numbers.map((value, i) => (response.counts ? `${value} ×${response.counts[i]}` : value));
  const shown = groupedDigits(rows.length);
  const expires = dateTime(response.expiresAt);

  useEffect(() => {
    // Keyboard and screen reader users land on the result, not on a button that is gone.
    heading.current?.focus();
  }, [response.fileName]);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} ref={heading} tabIndex={-1}>
              {title}
            </Title>
            <Text c="gray.8">{summary}</Text>
          </Stack>
          <Group gap="xs" wrap="wrap" className={classes.seed}>
            <Text size="sm">Seed</Text>
            <Code fz="sm">{seed}</Code>
            {/* Orange text on its light badge reads well below 4.5:1: the local seed's badge keeps its colour, with dark text. */}
            <Badge color={origin.color} variant="light" c={seedOrigin === 'local' ? 'gray.9' : undefined}>
              {origin.badge}
            </Badge>
          </Group>
          <Text size="sm" c="gray.8">
            {origin.note}
          </Text>

          <div className={classes.scroller} tabIndex={0} role="region" aria-label={`The ${response.truncated ? `first ${shown} ` : ''}results`}>
            <ol className={classes.results}>
              {response.numbers.map((value, i) => (
                <li key={i}>
                  {value}
                  {response.counts && <span className={classes.count}> ×{response.counts[i]}</span>}
                </li>
              ))}
            </ol>
          </div>
          {response.truncated && (
            <Text size="sm" role="status">
              Showing the first {shown} of {groupedDigits(response.rowCount)} {response.counts ? 'distinct numbers' : 'numbers'}. Download the file for all of them.
            </Text>
          )}

          <Group gap="sm" wrap="wrap">
            <Button variant="light" leftSection={clipboard.copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />} onClick={() => clipboard.copy(rows.join('\n'))}>
              {clipboard.copied ? 'Copied' : response.truncated ? `Copy the first ${shown}` : 'Copy the numbers'}
            </Button>
            <Button component="a" href={numbersDownloadPath(response.fileName, 'csv')} download leftSection={<IconDownload size={18} aria-hidden />}>
              Download CSV
            </Button>
            <Button component="a" href={numbersDownloadPath(response.fileName, 'txt')} download variant="default" leftSection={<IconDownload size={18} aria-hidden />}>
              Download TXT
            </Button>
          </Group>
          <Text size="xs" c="gray.8">
            The download links work until {expires}. Anyone with a link can download the file.
          </Text>
        </Stack>
      </Paper>

      {withHistogram && response.histogram.length > 0 && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <HistogramChart bins={response.histogram} total={response.total} />
        </Paper>
      )}

      <Group gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          Change the options
        </Button>
        {onAgain && (
          <BusyButton leftSection={<IconRefresh size={18} aria-hidden />} onClick={onAgain} loading={busy}>
            Generate again with a new seed
          </BusyButton>
        )}
        <Button variant="subtle" onClick={onReuseSeed}>
          Reuse this seed
        </Button>
      </Group>
    </Stack>
  );
}
