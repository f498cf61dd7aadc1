import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from './draw-timing';

/**
 * This browser's clock, refreshed every second while `running` (part 2 §9: countdowns tick every 1 s). One clock
 * per page drives every countdown on it, so a list of 100 draws re-renders once a second, not 100 times.
 */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
