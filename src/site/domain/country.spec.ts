import { resolveCountry } from './country.js';

describe('resolveCountry', () => {
  it('prefers the explicit country code from the path prefix', () => {
    expect(resolveCountry('au', 'uk.fairdraw.example').code).toBe('au');
  });

  it('reads au, ca, nz and uk from the first label of the host name', () => {
    expect(resolveCountry(undefined, 'nz.fairdraw.example').code).toBe('nz');
    expect(resolveCountry(undefined, 'UK.fairdraw.example:443').code).toBe('uk');
  });

  it('falls back to the us site for other hosts and unknown codes', () => {
    expect(resolveCountry('fr', 'localhost:3000')).toEqual({ code: 'us', name: 'United States', currency: 'USD' });
    expect(resolveCountry(undefined, undefined).code).toBe('us');
  });

  it('names each country and its currency', () => {
    expect(resolveCountry('ca', undefined)).toEqual({ code: 'ca', name: 'Canada', currency: 'CAD' });
    expect(resolveCountry('uk', undefined).currency).toBe('GBP');
  });
});
