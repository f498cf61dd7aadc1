import { cacheControlOf, drawCachePolicy, matchesIfNoneMatch, VersionedCache } from './public-answers.js';

const settings = { maxAgeSeconds: 60, staleSeconds: 300 };
const now = new Date('2026-11-26T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('public answers', () => {
  it('keeps a drawn draw for the configured time, a scheduled one only until its time, a due one not at all', () => {
    expect(cacheControlOf(drawCachePolicy({ state: 'drawn', scheduleDate: at(-3600) }, now, settings))).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(cacheControlOf(drawCachePolicy({ state: 'scheduled', scheduleDate: at(3600) }, now, settings))).toBe('public, max-age=60');
    expect(cacheControlOf(drawCachePolicy({ state: 'scheduled', scheduleDate: at(12.5) }, now, settings))).toBe('public, max-age=12');
    expect(cacheControlOf(drawCachePolicy({ state: 'scheduled', scheduleDate: at(-1) }, now, settings))).toBe('no-cache');
    expect(cacheControlOf({ shared: false })).toBe('private, no-cache');
  });

  it('matches If-None-Match by tag, weakly, in a list, or *', () => {
    expect(matchesIfNoneMatch('"a", "b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"bb"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
  });

  it('makes a value once per version, again for another version, and not keeps what it must not', async () => {
    const cache = new VersionedCache<string>(2);
    let made = 0;
    const make = (value: string) => async () => `${value}${++made}`;
    expect(await Promise.all([cache.get('k', '1', make('a')), cache.get('k', '1', make('a'))])).toEqual(['a1', 'a1']);
    expect(await cache.get('k', '2', make('a'))).toBe('a2');
    expect(await cache.get('k', '2', make('a'))).toBe('a2');
    expect(await cache.get('t', '1', make('t'), () => false)).toBe('t3');
    expect(await cache.get('t', '1', make('t'), () => false)).toBe('t4');
    await cache.get('x', '1', make('x'));
    await cache.get('y', '1', make('y'));
    // Beyond its limit the least recently used goes.
    expect(await cache.get('k', '2', make('a'))).toBe('a7');
  });

  it('drops the least recently used values once their weight passes the limit, never the one just made', async () => {
    const cache = new VersionedCache<number>(10, (size) => size);
    let made = 0;
    const make = (size: number) => async () => (made++, size);
    await cache.get('a', '1', make(3));
    await cache.get('b', '1', make(3));
    await cache.get('a', '1', make(3));
    // 3 + 3 + 6 passes 10: b, the least recently used, goes; a stays.
    await cache.get('c', '1', make(6));
    expect(made).toBe(3);
    await cache.get('a', '1', make(3));
    expect(made).toBe(3);
    await cache.get('b', '1', make(3));
    expect(made).toBe(4);
    // A value heavier than the limit is kept alone.
    await cache.get('d', '1', make(50));
    await cache.get('d', '1', make(50));
    expect(made).toBe(5);
    await cache.get('a', '1', make(3));
    expect(made).toBe(6);
  });
});
