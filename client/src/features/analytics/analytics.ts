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

/**
 * The adapter the app holds from its start: it forwards to the no-op adapter until the site configuration names an
 * analytics service, then to that service's adapter.
 */
export class SwitchableAnalytics implements Analytics {
  private target: Analytics = noopAnalytics;

  use(target: Analytics): void {
    this.target = target;
  }

  pageView(path: string, title: string): void {
    this.target.pageView(path, title);
  }

  event(name: string, data?: Record<string, string | number | boolean>): void {
    this.target.event(name, data);
  }
}

export function selectAnalytics(win: Window | undefined): Analytics {
  if (win?.__FAIRDRAW_ANALYTICS__ === 'record') {
    win.__FAIRDRAW_ANALYTICS_EVENTS__ ??= [];
    return new RecordingAnalytics(win.__FAIRDRAW_ANALYTICS_EVENTS__);
  }
  return new SwitchableAnalytics();
}
