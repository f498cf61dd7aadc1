/**
 * The analytics port. The product reports page views and events through it; nothing is sent anywhere unless an
 * adapter for a real analytics service is configured. Tests switch on the recording adapter and read its events.
 */
export interface AnalyticsEvent {
  kind: 'pageView' | 'event';
  name: string;
  data?: Record<string, string | number | boolean>;
}

export interface Analytics {
  pageView(path: string, title: string): void;
  event(name: string, data?: Record<string, string | number | boolean>): void;
}

export const noopAnalytics: Analytics = {
  pageView: () => undefined,
  event: () => undefined,
};

export class RecordingAnalytics implements Analytics {
  constructor(readonly events: AnalyticsEvent[] = []) {}

  pageView(path: string, title: string): void {
    this.events.push({ kind: 'pageView', name: path, data: { title } });
  }

  event(name: string, data?: Record<string, string | number | boolean>): void {
    this.events.push({ kind: 'event', name, data });
  }
}

declare global {
  interface Window {
    /** Set before the app starts (browser tests) to choose the recording adapter. */
    __FAIRDRAW_ANALYTICS__?: 'record';
    __FAIRDRAW_ANALYTICS_EVENTS__?: AnalyticsEvent[];
  }
}

/** Calls made before the site configuration said which service to use: a visit's first pages, at most. */
const HELD_CALLS_LIMIT = 20;

/**
 * The adapter the app holds from its start. Until the site configuration has arrived it holds the calls (the first
 * page view happens before), then hands them to the configured service's adapter, or drops them when none is.
 */
export class SwitchableAnalytics implements Analytics {
  private target: Analytics | undefined;
  private held: ((target: Analytics) => void)[] = [];

  /** The configured service's adapter, or null when the site configuration names none. */
  use(target: Analytics | null): void {
    this.target = target ?? noopAnalytics;
    const held = this.held;
    this.held = [];
    for (const call of held) call(this.target);
  }

  pageView(path: string, title: string): void {
    this.send((target) => target.pageView(path, title));
  }

  event(name: string, data?: Record<string, string | number | boolean>): void {
    this.send((target) => target.event(name, data));
  }

  private send(call: (target: Analytics) => void): void {
    if (this.target) call(this.target);
    else if (this.held.length < HELD_CALLS_LIMIT) this.held.push(call);
  }
}

export function selectAnalytics(win: Window | undefined): Analytics {
  if (win?.__FAIRDRAW_ANALYTICS__ === 'record') {
    win.__FAIRDRAW_ANALYTICS_EVENTS__ ??= [];
    return new RecordingAnalytics(win.__FAIRDRAW_ANALYTICS_EVENTS__);
  }
  return new SwitchableAnalytics();
}
