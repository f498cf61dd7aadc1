import fc from 'fast-check';
import { createSeedrandomSource, type RandomSource, uniformBigInt, uniformInt } from '#rng';
import { generateRng } from './rng-generation.js';
import type { RngRequest } from '#rules';
import { DENSE_RANGE_FACTOR, drawDistinctByRejection, drawDistinctNumbers, shuffledPrefix } from './rng-sampling.js';

const request = (fields: Partial<RngRequest>): RngRequest => ({
  mode: 'numbers',
  lower: 1n,
  upper: 100n,
  count: 10,
  ordering: 0,
  direction: 0,
  grouping: false,
  unique: false,
  seed: 'fairdraw',
  ...fields,
});

/** The definitions of docs/decisions.md, written the slow, obvious way. */
function referenceRejection(source: RandomSource, lower: bigint, upper: bigint, count: number): bigint[] {
  const seen = new Set<bigint>();
  const out: bigint[] = [];
  while (out.length < count) {
    const value = uniformBigInt(source, lower, upper);
    if (!seen.has(value)) {
      seen.add(value);
      out.push(value);
    }
  }
  return out;
}

function referenceShuffle(source: RandomSource, lower: bigint, range: number, count: number): bigint[] {
  const offsets = Array.from({ length: range }, (_, i) => i);
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + uniformInt(source, range - i);
    [offsets[i], offsets[j]] = [offsets[j], offsets[i]];
    out.push(lower + BigInt(offsets[i]));
  }
  return out;
}

describe('random numbers: sampling', () => {
  it('rejection gives exactly the one-by-one definition, repeats or not', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 3 }),
        (seed, lower, count, spare) => {
          // From a range just above the count (many repeats) to one far above it (none).
          const range = BigInt(count) * BigInt(DENSE_RANGE_FACTOR) + 1n + BigInt(spare) * 10n ** BigInt(spare * 4);
          const fast = drawDistinctByRejection(createSeedrandomSource(seed), lower, lower + range - 1n, count);
          expect(Array.from(fast)).toEqual(referenceRejection(createSeedrandomSource(seed), lower, lower + range - 1n, count));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the partial shuffle gives exactly the Fisher–Yates definition', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        fc.bigInt({ min: 0n, max: 999_999_999_999_999_000n }),
        (seed, range, extra, lower) => {
          const count = Math.max(1, range - (extra % range));
          const fast = shuffledPrefix(createSeedrandomSource(seed), lower, range, count);
          expect(Array.from(fast)).toEqual(referenceShuffle(createSeedrandomSource(seed), lower, range, count));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('unique numbers are distinct and inside the range, by either method', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 0, max: 8000 }), (seed, count, spare) => {
        const lower = 999_999_999_999_990_000n;
        const upper = lower + BigInt(count + spare) - 1n;
        const values = drawDistinctNumbers(createSeedrandomSource(seed), lower, upper, count);
        expect(values.length).toBe(count);
        expect(new Set(values).size).toBe(count);
        for (const value of values) {
          expect(value >= lower && value <= upper).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('draws 1,000,000 unique numbers from the whole 10^18 range without allocating the range', () => {
    const before = process.memoryUsage().rss;
    const values = drawDistinctNumbers(createSeedrandomSource('huge'), 0n, 999_999_999_999_999_999n, 1_000_000);
    expect(new Set(values).size).toBe(1_000_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
    // Spread over the whole range: about a tenth in each tenth.
    const tenths = new Array(10).fill(0);
    for (const value of values) tenths[Number(value / 100_000_000_000_000_000n)]++;
    for (const tenth of tenths) expect(Math.abs(tenth - 100_000)).toBeLessThan(2_000);
  });
});

describe('random numbers: generation', () => {
  it('gives the same numbers for the same seed and options, and others for another seed', () => {
    const a = generateRng(request({ count: 1000, upper: 999_999_999_999_999_999n }));
    const b = generateRng(request({ count: 1000, upper: 999_999_999_999_999_999n }));
    const c = generateRng(request({ count: 1000, upper: 999_999_999_999_999_999n, seed: 'fairdraw2' }));
    expect(Array.from(a.values)).toEqual(Array.from(b.values));
    expect(Array.from(a.values)).not.toEqual(Array.from(c.values));
  });

  it('draws with uniformBigInt of libs/rng over the seedrandom source, in order', () => {
    const source = createSeedrandomSource('fairdraw');
    const expected = Array.from({ length: 5 }, () => uniformBigInt(source, 0n, 999_999_999_999_999_999n));
    expect(Array.from(generateRng(request({ count: 5, lower: 0n, upper: 999_999_999_999_999_999n })).values)).toEqual(expected);
  });

  it('sorts by value, ascending or descending', () => {
    const drawn = Array.from(generateRng(request({ count: 200 })).values);
    const ascending = Array.from(generateRng(request({ count: 200, ordering: 1 })).values);
    const descending = Array.from(generateRng(request({ count: 200, ordering: 1, direction: 1 })).values);
    const sorted = [...drawn].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(ascending).toEqual(sorted);
    expect(descending).toEqual([...sorted].reverse());
  });

  it('groups repeats with their counts, ordered by value, by frequency, or shuffled', () => {
    const drawn = Array.from(generateRng(request({ count: 5000, lower: 1n, upper: 20n })).values);
    const tally = new Map<bigint, number>();
    for (const value of drawn) tally.set(value, (tally.get(value) ?? 0) + 1);

    const byValue = generateRng(request({ count: 5000, lower: 1n, upper: 20n, grouping: true, ordering: 1 }));
    expect(byValue.total).toBe(5000);
    expect(Array.from(byValue.values)).toEqual([...tally.keys()].sort((x, y) => Number(x - y)));
    expect(Array.from(byValue.counts!)).toEqual(Array.from(byValue.values, (value) => tally.get(value)));

    const mostFrequentFirst = generateRng(request({ count: 5000, lower: 1n, upper: 20n, grouping: true, ordering: 2, direction: 1 }));
    const counts = Array.from(mostFrequentFirst.counts!);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    for (let i = 1; i < counts.length; i++) {
      if (counts[i] === counts[i - 1]) expect(mostFrequentFirst.values[i] > mostFrequentFirst.values[i - 1]).toBe(true);
    }
    const leastFrequentFirst = generateRng(request({ count: 5000, lower: 1n, upper: 20n, grouping: true, ordering: 2, direction: 0 }));
    expect(Array.from(leastFrequentFirst.counts!)).toEqual([...counts].sort((x, y) => x - y));

    const shuffled = generateRng(request({ count: 5000, lower: 1n, upper: 20n, grouping: true, ordering: 0 }));
    expect(new Map(Array.from(shuffled.values, (value, i) => [value, shuffled.counts![i]]))).toEqual(tally);
    expect(Array.from(shuffled.values)).not.toEqual(Array.from(byValue.values));
  });

  it('shuffles every number of the range once for a sequence', () => {
    const result = generateRng(request({ mode: 'sequence', lower: 999_999_999_999_000_000n, upper: 999_999_999_999_999_999n, count: 1_000_000, unique: true }));
    expect(result.values.length).toBe(1_000_000);
    const sorted = result.values.slice().sort();
    for (let i = 0; i < sorted.length; i++) {
      if (sorted[i] !== 999_999_999_999_000_000n + BigInt(i)) throw new Error(`position ${i} holds ${sorted[i]}`);
    }
    expect(result.values[0]).not.toBe(999_999_999_999_000_000n);
  });
});
