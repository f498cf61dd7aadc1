/** What repeated work logs its failures to (Nest's Logger fits). */
export interface FailureLog {
  warn(message: string): void;
}

export const HOURLY_MS = 60 * 60 * 1000;

/**
 * The sweepers' timer, once: runs `work` every `everyMs` in this process without keeping the process alive. A failed
 * run is logged as `<failure>: <error>` and the next one goes on. Answers the stop, for the module's shutdown.
 */
export function repeatEvery(everyMs: number, work: () => Promise<unknown>, log: FailureLog, failure: string): () => void {
  const timer = setInterval(() => {
    work().catch((error: unknown) => log.warn(`${failure}: ${String(error)}`));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
