import { setTimeout as delay } from 'node:timers/promises';

/**
 * Waits on a condition the test cannot subscribe to (a scheduled draw being drawn on the server): asks every
 * `intervalMs` until it holds, failing with `what` after `timeoutMs`. Answers the last value read.
 */
export async function waitUntil<T>(read: () => Promise<T>, holds: (value: T) => boolean, what: string, { timeoutMs = 45_000, intervalMs = 250 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await delay(intervalMs);
  }
}
