import { createSeededSource, createSeedrandomSource, uniformBigInt, uniformInt, type RandomSource } from '../src/index.js';
import { CHI_SQUARE_CRITICAL_0_001, chiSquare } from './support/chi-square.js';

// Goodness of fit with FIXED seeds: each case is one deterministic experiment, so it passes or fails
// the same way on every run. A sound generator fails one such case with probability 0.001; a biased
// one (say, x mod bound without rejection for bound 2^31 - 1 + ...) fails them all by a wide margin.

const SAMPLES = 1_000_000;

function bucketCounts(draw: () => number, bins: number, binOf: (x: number) => number): Float64Array {
  const counts = new Float64Array(bins);
  for (let i = 0; i < SAMPLES; i++) counts[binOf(draw())]++;
  return counts;
}

/** Expected counts when `bound` values fall into `bins` bins by floor(x * bins / bound). */
function expectedCounts(bound: number, bins: number): Float64Array {
  const expected = new Float64Array(bins);
  for (let b = 0; b < bins; b++) {
    // Values x with floor(x * bins / bound) = b: x in [ceil(b * bound / bins), ceil((b + 1) * bound / bins)).
    const from = Math.ceil((b * bound) / bins);
    const to = Math.ceil(((b + 1) * bound) / bins);
    expected[b] = ((to - from) / bound) * SAMPLES;
  }
  return expected;
}

const SOURCES: [string, () => RandomSource][] = [
  ['seeded ChaCha20', () => createSeededSource('chi-square')],
  ['seedrandom', () => createSeedrandomSource('chi-square')],
];

describe.each(SOURCES)('uniformInt goodness of fit (%s, 10^6 samples, p = 0.001)', (_name, make) => {
  it.each([
    { bound: 3, bins: 3 },
    { bound: 7, bins: 7 },
    { bound: 10_000_000, bins: 100 },
    { bound: 2 ** 31 - 1, bins: 100 },
    { bound: 3 * 2 ** 40 + 5, bins: 100 },
  ])('bound $bound in $bins bins', ({ bound, bins }) => {
    const source = make();
    const observed = bucketCounts(
      () => uniformInt(source, bound),
      bins,
      (x) => Math.floor((x * bins) / bound),
    );
    const statistic = chiSquare(observed, expectedCounts(bound, bins));
    expect(statistic).toBeLessThan(CHI_SQUARE_CRITICAL_0_001[bins - 1]);
  });
});

describe('uniformBigInt goodness of fit (seeded ChaCha20, 10^6 samples, p = 0.001)', () => {
  it('0..10^18 in 100 equal bins', () => {
    const source = createSeededSource('chi-square bigint');
    const upper = 10n ** 18n;
    const binWidth = (upper + 1n) / 100n; // 10^18 + 1 = 100 * binWidth + 1: the last bin holds one extra value
    const observed = bucketCounts(
      () => Number(uniformBigInt(source, 0n, upper) / binWidth) % 100,
      100,
      (b) => b,
    );
    const expected = new Float64Array(100).fill(SAMPLES / 100);
    expect(chiSquare(observed, expected)).toBeLessThan(CHI_SQUARE_CRITICAL_0_001[99]);
  });

  it('a small range (-3..3) hits every value evenly', () => {
    const source = createSeededSource('chi-square small');
    const observed = bucketCounts(
      () => Number(uniformBigInt(source, -3n, 3n)) + 3,
      7,
      (x) => x,
    );
    expect(chiSquare(observed, new Float64Array(7).fill(SAMPLES / 7))).toBeLessThan(CHI_SQUARE_CRITICAL_0_001[6]);
  });
});

describe('the chi-square check has teeth', () => {
  it('flags the classic modulo bias (x mod bound without rejection) for bound 3 * 2^30', () => {
    // With bound = 3 * 2^30, x mod bound lands in the first third twice as often: an unmistakable bias.
    const source = createSeededSource('biased');
    const bound = 3 * 2 ** 30;
    const observed = bucketCounts(
      () => source.nextUint32() % bound,
      3,
      (x) => Math.floor((x * 3) / bound),
    );
    expect(chiSquare(observed, expectedCounts(bound, 3))).toBeGreaterThan(CHI_SQUARE_CRITICAL_0_001[2]);
  });
});
