import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatScreenShareClock } from '../screen-share-clock';

const TICK_MS = 1000;

/** The presenter's clock: refreshed every second in the chosen time zone, so viewers see when the draw ran. */
export function ScreenShareClock({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text component="span" fw={700} ff="monospace" data-testid="screen-share-clock">
      {formatScreenShareClock(now, timeZone)}{' '}
      <Text span size="xs" fw={400}>
        ({timeZone})
      </Text>
    </Text>
  );
}
