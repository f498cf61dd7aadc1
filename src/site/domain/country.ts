/** The country sites of the product (part 1 §1). `us` is the default site. */
export const COUNTRY_CODES = ['us', 'au', 'ca', 'nz', 'uk'] as const;
type CountryCode = (typeof COUNTRY_CODES)[number];
const DEFAULT_COUNTRY: CountryCode = 'us';

export interface Country {
  code: CountryCode;
  name: string;
  currency: 'USD' | 'AUD' | 'CAD' | 'NZD' | 'GBP';
}

const COUNTRIES: Record<CountryCode, Country> = {
  us: { code: 'us', name: 'United States', currency: 'USD' },
  au: { code: 'au', name: 'Australia', currency: 'AUD' },
  ca: { code: 'ca', name: 'Canada', currency: 'CAD' },
  nz: { code: 'nz', name: 'New Zealand', currency: 'NZD' },
  uk: { code: 'uk', name: 'United Kingdom', currency: 'GBP' },
};

function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/**
 * The country a request is for: an explicit country code (the client's path prefix) wins, then the host name's
 * first label (au., ca., nz., uk.), then the default site.
 */
export function resolveCountry(explicit: string | undefined, host: string | undefined): Country {
  if (isCountryCode(explicit)) return COUNTRIES[explicit];
  const firstLabel = (host ?? '').toLowerCase().split('.')[0];
  if (firstLabel !== 'us' && isCountryCode(firstLabel)) return COUNTRIES[firstLabel];
  return COUNTRIES[DEFAULT_COUNTRY];
}
