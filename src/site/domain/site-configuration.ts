import type { Country } from './country.js';
import type { SiteSettings } from './site-settings.js';

/** What the page needs to know about the site it runs on (part 1 §1 "Site configuration"). */
export interface SiteConfiguration extends SiteSettings {
  version: string;
  environment: 'production' | 'development' | 'test';
  country: Country;
  reviewSummary: { rating: number; count: number };
  /** The prices of the currency in force: the visitor's chosen one, else the country's. Minor units. */
  prices: { currency: string; drawSingle: number; draw10: number; draw100: number };
  /** The human check widget's public key; null when the check is offline (development, tests). */
  recaptchaSiteKey: string | null;
  /** Third-party services the page may load; each null unless configured (nothing loads by default). */
  thirdParty: { analyticsId: string | null; chatWidgetUrl: string | null };
  /** The card and wallet checkouts' public settings; null: the built-in test checkout or test wallet. */
  payments: {
    stripePublishableKey: string | null;
    stripeJsUrl: string | null;
    paypalClientId: string | null;
    paypalSdkUrl: string | null;
  };
}
