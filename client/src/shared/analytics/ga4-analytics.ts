import type { Analytics } from './analytics';
import { loadScript } from './script-loader';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Google Analytics 4 through gtag.js, loaded only when the site configuration gives a measurement id. */
export class Ga4Analytics implements Analytics {
  private readonly gtag: Gtag;

  constructor(measurementId: string) {
    window.dataLayer ??= [];
    // gtag.js reads the queued arguments objects, as Google's snippet writes them.
    window.gtag ??= function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    this.gtag = window.gtag;
    this.gtag('js', new Date());
    // Page views are sent by the app on each route change, not by gtag on load.
    this.gtag('config', measurementId, { send_page_view: false, anonymize_ip: true });
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
  }

  pageView(path: string, title: string): void {
    try {
      // gtag sends the document's address with every hit unless told another: the reported path stands for it, so a
      // secret of the real address (a reset link's token) does not reach the reports.
      this.gtag('set', { page_location: `${window.location.origin}${path}` });
      this.gtag('event', 'page_view', { page_path: path, page_title: title });
    } catch (error) {
      console.error('Tracking failed', error);
    }
  }

  event(name: string, data?: Record<string, string | number | boolean>): void {
    try {
      this.gtag('event', name, data ?? {});
    } catch (error) {
      console.error('Tracking failed', error);
    }
  }
}
