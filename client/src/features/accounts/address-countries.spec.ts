import { countryOptions, ISO_COUNTRY_CODES } from './address-countries';

describe('address countries', () => {
  it('lists every assigned ISO 3166-1 alpha-2 code once', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    expect(ISO_COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it("offers the sites' countries first, then the rest by name, each once", () => {
    const [sites, rest] = countryOptions('en');
    expect(sites.items.map((item) => item.value)).toEqual(['AU', 'CA', 'NZ', 'GB', 'US']);
    expect(sites.items.find((item) => item.value === 'GB')?.label).toBe('United Kingdom');
    const all = [...sites.items, ...rest.items].map((item) => item.value);
    expect(new Set(all).size).toBe(249);
    const labels = rest.items.map((item) => item.label);
    expect([...labels].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(labels);
  });
});
