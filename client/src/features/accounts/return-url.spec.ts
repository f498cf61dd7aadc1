import { destinationAfterLogin } from './return-url';

describe('destinationAfterLogin', () => {
  const origin = 'https://fairdraw.com';
  const logged: unknown[][] = [];
  const log = (...data: unknown[]) => void logged.push(data);

  beforeEach(() => {
    logged.length = 0;
  });

  it('goes to the draws list without a ReturnUrl, logging nothing', () => {
    expect(destinationAfterLogin(null, '/draws/', origin, log)).toBe('/draws/');
    expect(destinationAfterLogin('', '/draws/', origin, log)).toBe('/draws/');
    expect(logged).toEqual([]);
  });

  it('honours a path on this site, query and hash included', () => {
    expect(destinationAfterLogin('/uk/account/edit/', '/draws/', origin, log)).toBe('/uk/account/edit/');
    expect(destinationAfterLogin('/draws/?cancelled=true#top', '/draws/', origin, log)).toBe('/draws/?cancelled=true#top');
    expect(logged).toEqual([]);
  });

  it('refuses and logs anything that could leave the site', () => {
    for (const bad of ['//evil.example/', 'https://evil.example/', 'javascript:alert(1)', '/\\evil.example', '/\t/evil.example/', '/\n/evil.example', '\\\\evil.example', 'draws/']) {
      expect(destinationAfterLogin(bad, '/draws/', origin, log)).toBe('/draws/');
    }
    expect(logged).toHaveLength(8);
    expect(logged[0]).toEqual(['Bad ReturnUrl:', '//evil.example/']);
  });

  it('refuses a path whose dot segments resolve to another host (`/.//evil.example` is `//evil.example` once resolved)', () => {
    for (const bad of ['/.//evil.example/', '/..//evil.example/', '/%2e//evil.example', '/draws/..//evil.example/']) {
      expect(destinationAfterLogin(bad, '/draws/', origin, log)).toBe('/draws/');
    }
    expect(logged).toHaveLength(4);
    // A dot segment that stays on the site is still honoured, resolved.
    expect(destinationAfterLogin('/account/../draws/', '/draws/', origin, log)).toBe('/draws/');
    expect(destinationAfterLogin('/./uk/account/edit/', '/draws/', origin, log)).toBe('/uk/account/edit/');
    expect(logged).toHaveLength(4);
  });
});
