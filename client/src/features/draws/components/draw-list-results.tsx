import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { DrawListItemDto } from '../../../api/draws-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { SOURCE_LABELS, type DrawSource } from '../../../lib/draws/draw-state';
import { formatCount } from '../../../lib/draws/prize-view';
import { Countdown } from './countdown';
import { DrawStateBadge } from './draw-state-badge';
import { DrawTime } from './draw-time';
import classes from './draws.module.css';

export interface ListedDraw {
  draw: DrawListItemDto;
  /** Milliseconds until the draw time on this browser's clock (negative once passed). */
  msUntil: number;
}

/** What a draw in the list opens: scheduled and drawn draws their page, drafts and errors a modal, cancelled nothing. */
export type OpenDraw = (draw: DrawListItemDto) => void;

/** Clicks on the row's own link or button are theirs; anywhere else on the row opens the draw too. */
function fromRow(event: MouseEvent, open: () => void) {
  if ((event.target as HTMLElement).closest('a, button')) return;
  open();
}

function opens(draw: DrawListItemDto): boolean {
  return draw.state !== 'cancelled';
}

/** The draw's name as its keyboard-reachable control: a link to the page, a button for a modal, or plain text. */
function DrawName({ draw, onOpen }: { draw: DrawListItemDto; onOpen: OpenDraw }) {
  const link = useRouteLink();
  if (draw.state === 'scheduled' || draw.state === 'drawn') {
    return (
      <Anchor component={Link} to={link('drawDetail', { params: { id: draw.id } })} className={classes.rowLink} underline="always">
        {draw.name}
      </Anchor>
    );
  }
  if (draw.state === 'draft' || draw.state === 'error') {
    return (
      <Anchor component="button" type="button" onClick={() => onOpen(draw)} className={classes.rowLink} underline="always">
        {draw.name}
      </Anchor>
    );
  }
  return (
    <Text component="span" fw={600}>
      {draw.name}
    </Text>
  );
}

function Source({ draw }: { draw: DrawListItemDto }) {
  if (draw.source === 'web' && !draw.demo) return null;
  const labels = [...(draw.source !== 'web' ? [SOURCE_LABELS[draw.source as DrawSource] ?? draw.source] : []), ...(draw.demo ? ['Demo'] : [])];
  return (
    <Text component="span" size="xs" c="gray.7">
      {labels.join(' · ')}
    </Text>
  );
}

/**
 * The draw's entries in the words and figures of the wizard, the draw page and the certificate: entries first (what
 * the draw is drawn from), then entry rows and entrants where they differ from the entries (an upload with ticket
 * counts or repeated entrants); equal figures would only repeat the number. Nothing until the draw has entries.
 */
function EntryFigures({ draw }: { draw: DrawListItemDto }) {
  if (draw.entryCount === 0) {
    return (
      <Text component="span" size="sm" c="gray.7">
        <span aria-hidden>—</span>
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text component="span" size="sm" className={classes.tabular}>
        {formatCount(draw.entryCount)} {draw.entryCount === 1 ? 'entry' : 'entries'}
      </Text>
      {(draw.entryRowCount !== draw.entryCount || draw.entrantCount !== draw.entryCount) && (
        <Text component="span" size="xs" c="gray.7" className={classes.tabular}>
          {formatCount(draw.entryRowCount)} entry {draw.entryRowCount === 1 ? 'row' : 'rows'}, {formatCount(draw.entrantCount)} {draw.entrantCount === 1 ? 'entrant' : 'entrants'}
        </Text>
      )}
    </Stack>
  );
}

function TimeLeft({ item }: { item: ListedDraw }) {
  if (item.draw.state !== 'scheduled') {
    return (
      <Text component="span" size="sm" c="gray.7">
        <span aria-hidden>—</span>
      </Text>
    );
  }
  return <Countdown msUntil={item.msUntil} />;
}

/** Part 2 §2: a table from 768 px, cards below (the spec's mobile breakpoint is 767 px). */
export function DrawListResults({ items, onOpen, busy }: { items: ListedDraw[]; onOpen: OpenDraw; busy: boolean }) {
  return (
    <>
      <Table.ScrollContainer minWidth={880} visibleFrom="sm" style={{ opacity: busy ? 0.6 : 1 }}>
        <Table highlightOnHover verticalSpacing="sm" aria-label="Your draws">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Organisation</Table.Th>
              <Table.Th>ID</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Entries</Table.Th>
              <Table.Th>Draw time</Table.Th>
              <Table.Th>Time left</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr
                key={item.draw.id}
                className={opens(item.draw) ? classes.clickableRow : undefined}
                onClick={opens(item.draw) ? (event) => fromRow(event, () => onOpen(item.draw)) : undefined}
                data-state={item.draw.state}
              >
                <Table.Td>
                  <Stack gap={0}>
                    <DrawName draw={item.draw} onOpen={onOpen} />
                    <Source draw={item.draw} />
                  </Stack>
                </Table.Td>
                <Table.Td>{item.draw.organisation}</Table.Td>
                <Table.Td className={classes.tabular}>#{item.draw.displayId}</Table.Td>
                <Table.Td>
                  <DrawStateBadge state={item.draw.state} size="sm" />
                </Table.Td>
                <Table.Td>
                  <EntryFigures draw={item.draw} />
                </Table.Td>
                <Table.Td>
                  <DrawTime iso={item.draw.relevantDate} zone={item.draw.scheduleTimeZone} />
                </Table.Td>
                <Table.Td>
                  <TimeLeft item={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none', opacity: busy ? 0.6 : 1 }} aria-label="Your draws">
        {items.map((item) => (
          <Paper
            component="li"
            key={item.draw.id}
            withBorder
            radius="md"
            p="sm"
            className={opens(item.draw) ? classes.card : classes.cardStatic}
            onClick={opens(item.draw) ? (event: MouseEvent) => fromRow(event, () => onOpen(item.draw)) : undefined}
            data-state={item.draw.state}
          >
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0}>
                  <DrawName draw={item.draw} onOpen={onOpen} />
                  <Text size="sm">{item.draw.organisation}</Text>
                </Stack>
                <DrawStateBadge state={item.draw.state} size="sm" />
              </Group>
              <Text size="sm" className={classes.tabular}>
                #{item.draw.displayId} <Source draw={item.draw} />
              </Text>
              <EntryFigures draw={item.draw} />
              <DrawTime iso={item.draw.relevantDate} zone={item.draw.scheduleTimeZone} />
              {item.draw.state === 'scheduled' && (
                <Group gap={6}>
                  <Text component="span" size="sm">
                    Time left:
                  </Text>
                  <Countdown msUntil={item.msUntil} />
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
