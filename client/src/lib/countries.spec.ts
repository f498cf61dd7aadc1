import { countryOfHost, countrySiteHref, currentCountry, isAllowedHostname, splitCountryPrefix } from './countries';

describe('country sites', () => {
  it('splits a country prefix from the path', () => {
    expect(splitCountryPrefix('/au/faqs/')).toEqual({ prefix: 'au', path: '/faqs/' });
    expect(splitCountryPrefix('/uk')).toEqual({ prefix: 'uk', path: '/' });
    expect(splitCountryPrefix('/auction/')).toEqual({ prefix: undefined, path: '/auction/' });
  });

  it('prefers the path prefix over the host name, and defaults to us', () => {
    expect(currentCountry('/nz/', 'au.fairdraw.com')).toBe('nz');
    expect(currentCountry('/', 'au.fairdraw.com')).toBe('au');
    expect(currentCountry('/', 'localhost')).toBe('us');
    expect(countryOfHost('www.fairdraw.com')).toBeUndefined();
  });

  it('runs only on the product host names and local hosts', () => {
    expect(isAllowedHostname('localhost')).toBe(true);
    expect(isAllowedHostname('127.0.0.1')).toBe(true);
    expect(isAllowedHostname('www.fairdraw.com.au')).toBe(true);
    expect(isAllowedHostname('fairdraw.co.uk')).toBe(true);
    expect(isAllowedHostname('fairdraw.com.evil.example')).toBe(false);
    expect(isAllowedHostname('notfairdraw.com')).toBe(false);
    expect(isAllowedHostname('au.fairdraw.test')).toBe(false);
    expect(isAllowedHostname('au.fairdraw.test', ['fairdraw.test'])).toBe(true);
    expect(isAllowedHostname('fairdraw.test.evil.example', ['fairdraw.test'])).toBe(false);
  });
});

describe('countrySiteHref', () => {
  it("leads to the country's domain from a product domain, else to the prefix on this host", () => {
    expect(countrySiteHref('au', 'www.fairdraw.com')).toBe('https://www.fairdraw.com.au/');
    expect(countrySiteHref('uk', 'fairdraw.ca')).toBe('https://www.fairdraw.co.uk/');
    expect(countrySiteHref('nz', 'localhost')).toBe('/nz/');
  });
});
