import { Stack, Table, Text, Title } from '@mantine/core';
import { useDates } from '../../../lib/use-dates';
import { formatCount } from '../../../lib/draws/prize-view';
import { useScreenShare } from '../../../lib/screen-share/use-screen-share';

/**
 * The top of the public winners page (and of its preview): the draw, its date and id, and the entry count when the
 * owner shows it. Screen-share mode hides the count unless its settings show it.
 */
export function WinnersHeading({ name, drawDate, displayId, entryCount }: { name: string; drawDate: string; displayId: string; entryCount: number | null }) {
  const screenShare = useScreenShare();
  const { dateTime } = useDates();
  const showEntries = entryCount !== null && !screenShare.hidesEntryCount;
  return (
    <Stack gap={4}>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Title>
      <Text>
        Winners drawn on {dateTime(drawDate)} · Draw ID <strong>#{displayId}</strong>
      </Text>
      {showEntries && <Text>{formatCount(entryCount)} entries</Text>}
    </Stack>
  );
}

/** One table per published prize, with the published columns of its winners. */
export function WinnersTables({ columnNames, prizes }: { columnNames: string[]; prizes: { description: string; winnersAwarded?: number; winners: string[][] }[] }) {
  return prizes.map((prize, p) => (
    <Stack key={p} gap="xs" component="section" aria-labelledby={`prize-${p}`}>
      <Title order={2} fz="lg" id={`prize-${p}`}>
        {prize.description || `Prize ${p + 1}`}
      </Title>
      {/* A draw of many winners lists the first of each prize: a winner not among them must not read it as a loss. */}
      {prize.winnersAwarded !== undefined && prize.winners.length < prize.winnersAwarded && (
        <Text>
          The first {formatCount(prize.winners.length)} of {formatCount(prize.winnersAwarded)} winners are listed.
        </Text>
      )}
      <Table.ScrollContainer minWidth={280}>
        <Table striped withTableBorder c="inherit">
          <Table.Thead>
            <Table.Tr>
              {columnNames.map((name, c) => (
                <Table.Th key={c}>{name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prize.winners.map((values, w) => (
              <Table.Tr key={w}>
                {values.map((value, c) => (
                  <Table.Td key={c} style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  ));
}
