import { ACTIVITY_THROTTLE_MS, createIdleTimer, IDLE_WARNING_AFTER_MS, RELOADED_FOR_VERSION_KEY, secondsLeft, shouldReloadForVersion, type TimerHost } from './session-timing';

/** Counts its calls (jest.fn needs the jest global, which ES module tests do not get). */
function counter(): (() => void) & { calls: number } {
  const fn = (() => {
    fn.calls += 1;
  }) as (() => void) & { calls: number };
  fn.calls = 0;
  return fn;
}

/** A hand-driven clock: timers fire only when the test moves time on. */
function fakeHost() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const host: TimerHost = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    const target = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = target;
  };
  return { host, advance, pending: () => timers.size };
}

describe('idle timer', () => {
  it('warns after 29 minutes without activity', () => {
    const { host, advance } = fakeHost();
    const onIdle = counter();
    createIdleTimer({ idleMs: IDLE_WARNING_AFTER_MS, throttleMs: ACTIVITY_THROTTLE_MS, onIdle, host });
    advance(IDLE_WARNING_AFTER_MS - 1);
    expect(onIdle.calls).toBe(0);
    advance(1);
    expect(onIdle.calls).toBe(1);
  });

  it('restarts on activity at most once per 5 seconds', () => {
    const { host, advance } = fakeHost();
    const onIdle = counter();
    const timer = createIdleTimer({ idleMs: 60_000, throttleMs: 5_000, onIdle, host });
    advance(4_000);
    timer.activity(); // within 5 s of the start: ignored
    advance(56_000);
    expect(onIdle.calls).toBe(1);

    const second = counter();
    const throttled = createIdleTimer({ idleMs: 60_000, throttleMs: 5_000, onIdle: second, host });
    advance(5_000);
    throttled.activity(); // 5 s after the start: restarts, the warning moves to 65 s
    advance(59_999);
    expect(second.calls).toBe(0);
    advance(1);
    expect(second.calls).toBe(1);
  });

  it('ignores activity once idle, until restarted explicitly', () => {
    const { host, advance } = fakeHost();
    const onIdle = counter();
    const timer = createIdleTimer({ idleMs: 10_000, throttleMs: 5_000, onIdle, host });
    advance(10_000);
    timer.activity();
    advance(10_000);
    expect(onIdle.calls).toBe(1);
    timer.restart();
    advance(10_000);
    expect(onIdle.calls).toBe(2);
  });

  it('stops for good', () => {
    const { host, advance, pending } = fakeHost();
    const onIdle = counter();
    const timer = createIdleTimer({ idleMs: 10_000, throttleMs: 5_000, onIdle, host });
    timer.stop();
    timer.restart();
    advance(20_000);
    expect(onIdle.calls).toBe(0);
    expect(pending()).toBe(0);
  });
});

describe('secondsLeft', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 500)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });
});

describe('shouldReloadForVersion', () => {
  function storage() {
    const items = new Map<string, string>();
    return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  }

  it('does nothing when the versions agree', () => {
    const store = storage();
    expect(shouldReloadForVersion('1.2.0', '1.2.0', store)).toBe(false);
    expect(store.items.size).toBe(0);
  });

  it('reloads once per server version, never in a loop', () => {
    const store = storage();
    expect(shouldReloadForVersion('1.3.0', '1.2.0', store)).toBe(true);
    expect(store.items.get(RELOADED_FOR_VERSION_KEY)).toBe('1.3.0');
    expect(shouldReloadForVersion('1.3.0', '1.2.0', store)).toBe(false);
    expect(shouldReloadForVersion('1.4.0', '1.2.0', store)).toBe(true);
  });

  it('does not reload without storage or a version to compare', () => {
    expect(shouldReloadForVersion('1.3.0', '1.2.0', undefined)).toBe(false);
    expect(shouldReloadForVersion('', '1.2.0', storage())).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(shouldReloadForVersion('1.3.0', '1.2.0', refusing)).toBe(false);
  });
});
