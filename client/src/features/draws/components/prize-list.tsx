import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PrizeDto, WinnerDto } from '../../../api/draws-api';
import { formatCount, prizeSummary, shownWinners, visibleColumns, WINNER_RENDER_CAP } from '../../../lib/draws/prize-view';
import classes from './draws.module.css';

const count = (value: number) => formatCount(value);

function WinnerLine({ winner, label, hideColumns }: { winner: WinnerDto; label: string; hideColumns: boolean }) {
  const columns = visibleColumns(winner, hideColumns);
  return (
    <li className={classes.winner}>
      <Text component="span" fw={600} className={classes.tabular}>
        {label}: entry {count(winner.entryNumber)}
      </Text>
      {columns.length > 0 && (
        <Text component="span" c="gray.8">
          {' — '}
          {columns.join(' · ')}
        </Text>
      )}
    </li>
  );
}

/**
 * One group of winners (or reserves) of a prize: the first 5, then all on request (part 2 §2 expand limit). Each
 * group remembers its own choice.
 */
function WinnerGroup({ winners, kind, hideColumns, prizeLabel }: { winners: WinnerDto[]; kind: 'Winner' | 'Reserve'; hideColumns: boolean; prizeLabel: string }) {
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = shownWinners(winners, expanded);
  if (winners.length === 0) return null;
  const plural = kind === 'Winner' ? 'winners' : 'reserves';
  return (
    <Stack gap={4}>
      <ol className={classes.winnerList} aria-label={`${prizeLabel}: ${plural}`}>
        {shown.map((winner, index) => (
          <WinnerLine key={`${kind}-${index}`} winner={winner} label={`${kind} ${count(index + 1)}`} hideColumns={hideColumns} />
        ))}
      </ol>
      {!expanded && hidden > 0 && (
        <Button variant="subtle" size="xs" w="fit-content" onClick={() => setExpanded(true)}>
          Show all {count(winners.length)} {plural}
        </Button>
      )}
      {expanded && winners.length > WINNER_RENDER_CAP && (
        <Text size="sm" c="gray.8">
          The first {count(WINNER_RENDER_CAP)} are shown; download the results for all {count(winners.length)}.
        </Text>
      )}
      {expanded && winners.length > 5 && (
        <Button variant="subtle" size="xs" w="fit-content" onClick={() => setExpanded(false)}>
          Show fewer {plural}
        </Button>
      )}
    </Stack>
  );
}

/** A prize with its winners and reserves once drawn, or what it will award before. */
export function PrizeCard({ prize, number, drawn, hideColumns, headingLevel = 3 }: { prize: PrizeDto; number: number; drawn: boolean; hideColumns: boolean; headingLevel?: 3 | 4 }) {
  const label = `Prize ${number}: ${prize.description}`;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={headingLevel} fz="lg">
            {label}
          </Title>
          <Text size="sm" c="gray.8">
            {prizeSummary(prize.quantity, prize.reserves, count)}
          </Text>
        </Group>
        {drawn ? (
          <>
            <WinnerGroup winners={prize.winners} kind="Winner" hideColumns={hideColumns} prizeLabel={label} />
            <WinnerGroup winners={prize.reserveWinners} kind="Reserve" hideColumns={hideColumns} prizeLabel={label} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function PrizeList({ prizes, drawn, hideColumns }: { prizes: PrizeDto[]; drawn: boolean; hideColumns: boolean }) {
  return (
    <Stack gap="sm">
      {prizes.map((prize, index) => (
        <PrizeCard key={index} prize={prize} number={index + 1} drawn={drawn} hideColumns={hideColumns} />
      ))}
    </Stack>
  );
}
