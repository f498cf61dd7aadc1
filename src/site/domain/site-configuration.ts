import type { Country } from './country.js';
import type { SiteSettings } from './site-settings.js';

/** What the page needs to know about the site it runs on (part 1 §1 "Site configuration"). */
export interface SiteConfiguration extends SiteSettings {
  version: string;
  environment: 'production' | 'development' | 'test';
  country: Country;
  reviewSummary: { rating: number; count: number };
}
