import { Alert, Loader, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useGetPublicWinnersQuery } from '../../../api/publication-api';
import { formatCountdown, describeCountdown } from '../../../lib/draws/draw-timing';
import { useNow } from '../../../lib/draws/use-now';
import { statusOf } from '../../../shared/forms/server-errors';
import { BrandedPage } from '../../../shared/preview/branded-page';
import { WinnersHeading, WinnersTables } from './winners-view';

/**
 * /cert/{shortCode}w (public): the published winners of a draw, only the columns its owner chose. Before the
 * publication date a countdown, then the page asks again until the winners are live. Screen-share mode hides the
 * entry count unless its settings show it.
 */
export default function PublicWinnersPage({ shortCode }: { shortCode: string }) {
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
  return (
    <BrandedPage shortCode={shortCode} organisation={data.organisation}>
      <WinnersHeading name={data.name} drawDate={data.drawDate} displayId={data.displayId} entryCount={data.entryCount} />
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
        <WinnersTables columnNames={data.columnNames} prizes={data.prizes} />
      )}
    </BrandedPage>
  );
}
