import { useEffect, useState } from 'react';

/**
 * A percentage for work the server does not report progress on (checking and processing a file): grows with the
 * time elapsed against an estimate from the file's size, never past 95 % until the work is done, then 100 %. The
 * bar tells the visitor the page is working and roughly how long is left; it cannot promise more.
 */
export function useEstimatedProgress(active: boolean, bytes: number): number {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!active) return;
    setPercent(0);
    const started = Date.now();
    // About 150 MB a second on the server plus a second of fixed cost (measured order of magnitude, docs/decisions.md "Uploads").
    const expectedMs = 1000 + bytes / 150_000;
    const timer = window.setInterval(() => {
      const fraction = (Date.now() - started) / expectedMs;
      setPercent(Math.min(95, Math.round(100 * (1 - Math.exp(-2 * fraction)))));
    }, 200);
    return () => window.clearInterval(timer);
  }, [active, bytes]);
  return active ? percent : 100;
}
