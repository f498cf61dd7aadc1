import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useGetPublicWinnersQuery } from '../../../api/publication-api';
import { formatCountdown, describeCountdown } from '../../draws/draw-timing';
import { formatCount } from '../../draws/prize-view';
import { useNow } from '../../draws/use-now';
import { statusOf } from '../../forms/server-errors';
import { useScreenShare } from '../../screen-share/use-screen-share';
import { BrandedPage } from './branded-page';

/**
 * /cert/{shortCode}w (public): the published winners of a draw, only the columns its owner chose. Before the
 * publication date a countdown, then the page asks again until the winners are live. Screen-share mode hides the
 * entry count unless its settings show it.
 */
export default function PublicWinnersPage({ shortCode }: { shortCode: string }) {
  const screenShare = useScreenShare();
  const [polling, setPolling] = useState(0);
  const { data, error, isLoading, fulfilledTimeStamp } = useGetPublicWinnersQuery({ shortCode }, { pollingInterval: polling });
  const waiting = !!data && !data.winnersPublishedLive;
  const now = useNow(waiting);
  const liveAt = data ? (fulfilledTimeStamp ?? Date.now()) + data.secondsTilPublishDate * 1000 : 0;
  const msUntil = liveAt - now;
  // Once the date has come, ask every 3 s (as a draw being drawn) until the server says it is live.
  useEffect(() => setPolling(waiting && msUntil <= 0 ? 3_000 : 0), [waiting, msUntil <= 0]);

  if (isLoading) {
    return (
      <BrandedPage shortCode={shortCode}>
        <Loader aria-label="Loading the winners" />
      </BrandedPage>
    );
  }
  if (!data) {
    return (
      <BrandedPage shortCode={shortCode}>
        <Title order={1}>Winners</Title>
        <Text>{statusOf(error) === 404 || statusOf(error) === 400 ? 'The winners of this draw are not published.' : 'The winners could not be loaded. Please try again.'}</Text>
      </BrandedPage>
    );
  }
  const showEntries = data.entryCount !== null && !screenShare.hidesEntryCount;
  return (
    <BrandedPage shortCode={shortCode} organisation={data.organisation}>
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {data.name}
        </Title>
        <Text>
          Winners drawn on {new Date(data.drawDate).toLocaleString()} · Draw ID <strong>#{data.displayId}</strong>
        </Text>
        {showEntries && <Text>{formatCount(data.entryCount!)} entries</Text>}
      </Stack>
      {waiting ? (
        <Alert color="gray" variant="light" icon={<IconClock aria-hidden />} title="The winners are published soon">
          {msUntil > 0 ? (
            <Text role="timer" aria-label={`Published in ${describeCountdown(msUntil)}`} fw={700} size="xl">
              {formatCountdown(msUntil)}
            </Text>
          ) : (
            <Text role="status">Publishing the winners...</Text>
          )}
        </Alert>
      ) : (
        data.prizes.map((prize, p) => (
          <Stack key={p} gap="xs" component="section" aria-labelledby={`prize-${p}`}>
            <Title order={2} fz="lg" id={`prize-${p}`}>
              {prize.description || `Prize ${p + 1}`}
            </Title>
            <Table.ScrollContainer minWidth={280}>
              <Table striped withTableBorder c="inherit">
                <Table.Thead>
                  <Table.Tr>
                    {data.columnNames.map((name) => (
                      <Table.Th key={name}>{name}</Table.Th>
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
        ))
      )}
    </BrandedPage>
  );
}
