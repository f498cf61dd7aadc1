/** The session timings of part 1 §9. */
export const SESSION_CHECK_INTERVAL_MS = 10_000;
export const IDLE_WARNING_AFTER_MS = 1_740_000;
export const IDLE_LOGOUT_AFTER_WARNING_MS = 60_000;
export const ACTIVITY_THROTTLE_MS = 5_000;

export interface TimerHost {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface IdleTimer {
  /** Mouse or keyboard activity: restarts the idle period, at most once per throttle period. */
  activity(): void;
  /** Starts a fresh idle period now, whatever the throttle says (after "Stay logged in"). */
  restart(): void;
  stop(): void;
}

/**
 * Calls `onIdle` once the idle period passes without activity. Activity is throttled because mouse moves arrive
 * by the hundred per second and each restart costs a timer; a reset at most every 5 s moves the warning by at
 * most 5 s.
 */
export function createIdleTimer(options: { idleMs: number; throttleMs: number; onIdle: () => void; host: TimerHost }): IdleTimer {
  const { idleMs, throttleMs, onIdle, host } = options;
  let handle: unknown;
  let lastRestart = -Infinity;
  let stopped = false;

  const restart = () => {
    if (stopped) return;
    if (handle !== undefined) host.clearTimeout(handle);
    lastRestart = host.now();
    handle = host.setTimeout(() => {
      handle = undefined;
      onIdle();
    }, idleMs);
  };

  restart();
  return {
    activity() {
      // After onIdle fired, activity no longer counts: only an explicit restart (the warning's button) does.
      if (handle === undefined) return;
      if (host.now() - lastRestart >= throttleMs) restart();
    },
    restart,
    stop() {
      stopped = true;
      if (handle !== undefined) host.clearTimeout(handle);
      handle = undefined;
    },
  };
}

/** Whole seconds left until a deadline, never negative: what the warning's countdown shows. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export const RELOADED_FOR_VERSION_KEY = 'fairdraw.reloadedForVersion';

/**
 * Whether entering home should hard-reload to pick up a new client (part 1 §4). Once per server version per tab:
 * if the reload still serves an older client (a cache, a load balancer with a stale instance), asking again
 * would loop forever.
 */
export function shouldReloadForVersion(serverVersion: string, clientVersion: string, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): boolean {
  if (!serverVersion || serverVersion === clientVersion) return false;
  try {
    if (!storage || storage.getItem(RELOADED_FOR_VERSION_KEY) === serverVersion) return false;
    storage.setItem(RELOADED_FOR_VERSION_KEY, serverVersion);
    return true;
  } catch {
    // Without storage there is no loop guard: better an old client than endless reloads.
    return false;
  }
}
