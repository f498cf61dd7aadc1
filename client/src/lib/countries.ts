/** Country sites (part 1 §1): a path prefix or the host name's first label selects one; `us` is the default. */
export const COUNTRY_CODES = ['us', 'au', 'ca', 'nz', 'uk'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY: CountryCode = 'us';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** Splits `/au/faqs/` into the prefix's country and the path the route table knows (`/faqs/`). */
export function splitCountryPrefix(pathname: string): { prefix: CountryCode | undefined; path: string } {
  const match = /^\/(us|au|ca|nz|uk)(\/.*)?$/.exec(pathname);
  if (!match) return { prefix: undefined, path: pathname };
  return { prefix: match[1] as CountryCode, path: match[2] ?? '/' };
}

export function countryOfHost(hostname: string): CountryCode | undefined {
  const label = hostname.toLowerCase().split('.')[0];
  return label !== 'us' && isCountryCode(label) ? label : undefined;
}

/** The site the visitor is on: the path prefix wins over the host name. */
export function currentCountry(pathname: string, hostname: string): CountryCode {
  return splitCountryPrefix(pathname).prefix ?? countryOfHost(hostname) ?? DEFAULT_COUNTRY;
}

/** Each country site's name, as the server's configuration gives it. */
export const COUNTRY_NAMES: Record<CountryCode, string> = {
  us: 'United States',
  au: 'Australia',
  ca: 'Canada',
  nz: 'New Zealand',
  uk: 'United Kingdom',
};

/** The product runs on its own host names and on local hosts only (part 1 §1 "Hostname restriction"). */
export const PRODUCT_DOMAINS = ['fairdraw.com', 'fairdraw.com.au', 'fairdraw.co.uk', 'fairdraw.co.nz', 'fairdraw.ca'];

/** Each country site's own domain (part 2 §9 "Domain options"). */
const COUNTRY_DOMAINS: Record<CountryCode, string> = {
  us: 'fairdraw.com',
  au: 'fairdraw.com.au',
  uk: 'fairdraw.co.uk',
  nz: 'fairdraw.co.nz',
  ca: 'fairdraw.ca',
};

/** The EU sister site, a separate service for the European Union. */
export const EU_SISTER_SITE = 'https://www.fairdraw.eu/';

/**
 * Where a country's flag in the footer leads: on the product's own domains, that country's domain; elsewhere (local
 * hosts, a staging domain) the country prefix on this host.
 */
export function countrySiteHref(code: CountryCode, hostname: string): string {
  const host = hostname.toLowerCase();
  const onProductDomain = PRODUCT_DOMAINS.some((domain) => host === domain || host.endsWith('.' + domain));
  return onProductDomain ? `https://www.${COUNTRY_DOMAINS[code]}/` : `/${code}/`;
}

export function isAllowedHostname(hostname: string, configured: readonly string[] = []): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost')) return true;
  return [...PRODUCT_DOMAINS, ...configured].some((domain) => host === domain || host.endsWith('.' + domain));
}

/** The extra host names the server was configured with (ALLOWED_HOSTNAMES), carried by the page in a meta tag. */
export function configuredHostnames(doc: Document): string[] {
  const content = doc.querySelector('meta[name="fairdraw-allowed-hostnames"]')?.getAttribute('content') ?? '';
  return content
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}
