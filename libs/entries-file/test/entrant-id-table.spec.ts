import fc from 'fast-check';
import { EntrantIdTable, fnv1a } from '../src/entrant-id-table.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function numberAll(table: EntrantIdTable, ids: string[]): number[] {
  return ids.map((id) => {
    const b = bytes(id);
    return table.intern(b, 0, b.length);
  });
}

/** The reference: the first appearance of each id, with a Map. */
function reference(ids: string[]): number[] {
  const seen = new Map<string, number>();
  return ids.map((id) => {
    if (!seen.has(id)) seen.set(id, seen.size);
    return seen.get(id)!;
  });
}

describe('EntrantIdTable', () => {
  it('numbers ids 0, 1, 2 ... in order of first appearance', () => {
    const table = new EntrantIdTable();
    expect(numberAll(table, ['M1', 'M2', 'M1', 'M3', 'M2'])).toEqual([0, 1, 0, 2, 1]);
    expect(table.size).toBe(3);
    expect(new TextDecoder().decode(table.bytesOf(2))).toBe('M3');
  });

  it('never merges two ids whose hashes are equal: every id in one bucket', () => {
    const table = new EntrantIdTable(4, () => 42);
    const ids = Array.from({ length: 300 }, (_, i) => `id-${i % 150}`);
    expect(numberAll(table, ids)).toEqual(reference(ids));
  });

  it('never merges two ids that collide under the real hash', () => {
    // Find a real FNV-1a collision (birthday search over about 2^16 ids).
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null; i++) {
      const id = `member-${i}`;
      const b = bytes(id);
      const h = fnv1a(b, 0, b.length);
      const other = seen.get(h);
      if (other !== undefined) pair = [other, id];
      else seen.set(h, id);
    }
    // The table's own hash starts from a random state: given the unseeded one, the pair collides in it too.
    const table = new EntrantIdTable(1 << 15, (b, start, end) => fnv1a(b, start, end));
    expect(numberAll(table, [pair[0], pair[1], pair[0], pair[1]])).toEqual([0, 1, 0, 1]);
  });

  it('groups exactly like a Map across growth of the table and arena (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 400 }), (ids) => {
        expect(numberAll(new EntrantIdTable(), ids)).toEqual(reference(ids));
      }),
      { numRuns: 200 },
    );
    const many = Array.from({ length: 200_000 }, (_, i) => `E${(i * 7919) % 90_000}`);
    expect(numberAll(new EntrantIdTable(), many)).toEqual(reference(many));
  });
});

describe('EntrantIdTable against a file built to collide', () => {
  /**
   * Pairs of 5-character blocks that FNV-1a (from its standard offset basis) takes to the same state, each pair from
   * the state the pairs before it leave: any choice of one block per pair gives the same hash (a multicollision, as
   * anyone can compute in seconds). 2^16 such ids would probe the table 2^31 times if they all landed in one bucket.
   */
  const COLLIDING_BLOCKS = [
    ['TFLO4', 'sC9Eg'],
    ['U0Z0w', 'k5pzf'],
    ['JaGnw', 'GDh1W'],
    ['g9TZE', 'POiBe'],
    ['jxWOc', 'XlUy5'],
    ['lE9lA', 'li8xX'],
    ['Ypd2G', '2ODM8'],
    ['IOOAb', 'Tn4NB'],
    ['c3cMV', '5Aq4g'],
    ['G4BGy', 'GfcvM'],
    ['WzBPy', 'KM61W'],
    ['gWq8p', 'PGh3g'],
    ['jEe6q', '4wGaN'],
    ['HRXRy', 'kjxwY'],
    ['kvUiE', 'xuJ94'],
    ['kXxjo', '97zKM'],
  ];

  const ids = Array.from({ length: 1 << COLLIDING_BLOCKS.length }, (_, m) => COLLIDING_BLOCKS.map((pair, i) => pair[(m >> i) & 1]).join(''));

  it('moves to a keyed hash when ids built to collide fill one bucket, and numbers them all', () => {
    expect(new Set(ids.map((id) => fnv1a(bytes(id), 0, id.length))).size).toBe(1);
    // FNV-1a from its fixed basis, as about one random basis in 200 also is for these ids: all in one bucket,
    // numbering them would probe the table 2^31 times.
    const table = new EntrantIdTable(1 << 15, (b, start, end) => fnv1a(b, start, end));
    expect(numberAll(table, ids)).toEqual(ids.map((_, i) => i));
    expect(table.hashing).toBe('keyed');
    // Found again under the keyed hash.
    expect(numberAll(table, ids.slice(0, 1000).reverse())).toEqual(
      ids
        .slice(0, 1000)
        .map((_, i) => i)
        .reverse(),
    );
    expect(table.size).toBe(ids.length);
  });

  it('keeps its fast hash for ordinary ids', () => {
    const table = new EntrantIdTable();
    const ordinary = Array.from({ length: 100_000 }, (_, i) => `M-${i}`);
    expect(numberAll(table, ordinary)).toEqual(ordinary.map((_, i) => i));
    expect(table.hashing).toBe('fast');
  });
});
