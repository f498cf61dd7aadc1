import fc from 'fast-check';
import { createSeededSource } from '#rng';
import { DrawInputError, runDraw, type DrawInput, type DrawOutcome } from '../src/index.js';
import { runDrawWith, type DrawTuning } from '../src/run-draw.js';
import { allPicks, drawCase } from './support/arbitraries.js';
import { referenceDraw } from './support/reference-draw.js';
import { CountingSource, untouchableSource } from './support/sources.js';

function tryDraw(input: DrawInput, seed: string, tuning: DrawTuning = {}): DrawOutcome | DrawInputError {
  try {
    return runDrawWith(input, createSeededSource(seed), tuning);
  } catch (error) {
    if (error instanceof DrawInputError) return error;
    throw error;
  }
}

/** Every tuning that must not change an outcome: entrant index layouts and simple-draw bucket sizes. */
const TUNINGS: DrawTuning[] = [
  {},
  { entrantLayout: { kind: 'groups' } },
  { entrantLayout: { kind: 'buckets', shift: 0 } },
  { entrantLayout: { kind: 'buckets', shift: 1 } },
  { entrantLayout: { kind: 'buckets', shift: 3 } },
  { entrantLayout: { kind: 'buckets', shift: 1, pack: false } },
  { simpleBucketSize: 1 },
  { simpleBucketSize: 2 },
  { simpleBucketSize: 8 },
  { simpleBucketSize: 1024 },
];

describe('runDraw equals the plain O(N*K) reference of the contract', () => {
  it.each([
    ['small tickets, dense ids', drawCase()],
    ['large tickets (Float64 sums, wide leaves)', drawCase({ maxRows: 12, maxTickets: 2 ** 40 })],
    ['tickets up to 300 and 70,000 (Uint16 and Uint32 leaves)', fc.oneof(drawCase({ maxTickets: 300 }), drawCase({ maxTickets: 70_000 }))],
    ['sparse entrant ids (renumbered)', drawCase({ idSpread: 'sparse' })],
    ['more rows than one tree level', drawCase({ maxRows: 300 })],
  ])('%s, under every tuning', (_name, cases) => {
    fc.assert(
      fc.property(cases, ({ input, seed }) => {
        const expected = referenceDraw(input, createSeededSource(seed));
        const untuned = tryDraw(input, seed);
        for (const tuning of TUNINGS) {
          const got = tryDraw(input, seed, tuning);
          if (expected === null) {
            expect(got).toBeInstanceOf(DrawInputError);
            expect((got as DrawInputError).code).toMatch(/^NOT_ENOUGH_/);
            // The shortfall names the same count whichever layout counted it.
            expect((got as DrawInputError).message).toBe((untuned as DrawInputError).message);
          } else {
            expect(got).toEqual(expected);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('runDraw laws', () => {
  const drawable = drawCase({ maxRows: 40 }).filter(({ input, seed }) => referenceDraw(input, createSeededSource(seed)) !== null);

  it('gives exactly the number of winners and reserves asked for, prize by prize', () => {
    fc.assert(
      fc.property(drawable, ({ input, seed }) => {
        const outcome = runDraw(input, createSeededSource(seed));
        expect(outcome.prizes).toHaveLength(input.prizes.length);
        input.prizes.forEach((prize, i) => {
          expect(outcome.prizes[i].winners).toHaveLength(prize.quantity);
          expect(outcome.prizes[i].reserves).toHaveLength(prize.reserves);
        });
      }),
    );
  });

  it('picks rows in range that hold tickets, each at most as often as its tickets', () => {
    fc.assert(
      fc.property(drawable, ({ input, seed }) => {
        const wins = new Map<number, number>();
        for (const row of allPicks(runDraw(input, createSeededSource(seed)))) {
          expect(Number.isInteger(row) && row >= 0 && row < input.entryCount).toBe(true);
          wins.set(row, (wins.get(row) ?? 0) + 1);
        }
        for (const [row, count] of wins) expect(count).toBeLessThanOrEqual(input.tickets ? input.tickets[row] : 1);
      }),
    );
  });

  it('with oneWinPerEntrant, no entrant appears twice across all winners and reserves', () => {
    fc.assert(
      fc.property(
        drawable.filter(({ input }) => input.oneWinPerEntrant),
        ({ input, seed }) => {
          const entrants = allPicks(runDraw(input, createSeededSource(seed))).map((row) => (input.entrantOf ? input.entrantOf[row] : row));
          expect(new Set(entrants).size).toBe(entrants.length);
        },
      ),
    );
  });

  it('is deterministic for a seed and reads one source word per pick at least', () => {
    fc.assert(
      fc.property(drawable, ({ input, seed }) => {
        const source = new CountingSource(createSeededSource(seed));
        const first = runDraw(input, source);
        expect(runDraw(input, createSeededSource(seed))).toEqual(first);
        expect(source.consumed).toBeGreaterThanOrEqual(allPicks(first).length);
      }),
    );
  });

  it('refuses impossible draws before reading the source', () => {
    fc.assert(
      fc.property(
        drawCase({ maxRows: 10 }).filter(({ input, seed }) => referenceDraw(input, createSeededSource(seed)) === null),
        ({ input }) => {
          expect(() => runDraw(input, untouchableSource)).toThrow(DrawInputError);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('equal tickets everywhere (no entrant ids) equals the simple draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.string(), fc.boolean(), (n, k, seed, oneWin) => {
        fc.pre(k <= n);
        const prizes = [{ quantity: k, reserves: 0 }];
        const simple = runDraw({ entryCount: n, prizes, oneWinPerEntrant: oneWin }, createSeededSource(seed));
        // One ticket per row with one win per entrant removes the picked row, exactly as the simple draw does.
        const weighted = runDraw({ entryCount: n, tickets: new Array<number>(n).fill(1), prizes, oneWinPerEntrant: true }, createSeededSource(seed));
        expect(weighted).toEqual(simple);
      }),
    );
  });

  it('simple draws over huge N use memory for the picks only, and match every bucket size', () => {
    const n = 2 ** 53 - 1;
    const prizes = [{ quantity: 50, reserves: 10 }];
    const expected = runDraw({ entryCount: n, prizes, oneWinPerEntrant: false }, createSeededSource('huge'));
    expect(allPicks(expected).every((row) => Number.isSafeInteger(row) && row >= 0 && row < n)).toBe(true);
    expect(new Set(allPicks(expected)).size).toBe(60);
    for (const simpleBucketSize of [2 ** 40, 2 ** 47]) {
      expect(runDrawWith({ entryCount: n, prizes, oneWinPerEntrant: false }, createSeededSource('huge'), { simpleBucketSize })).toEqual(expected);
    }
  });

  it('simple draws of every row of N come out a permutation, identical for every bucket size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.string(), (n, seed) => {
        const prizes = [{ quantity: n, reserves: 0 }];
        const base = runDrawWith({ entryCount: n, prizes, oneWinPerEntrant: false }, createSeededSource(seed), { simpleBucketSize: 1 });
        expect([...base.prizes[0].winners].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        for (const simpleBucketSize of [2, 4, 16, 256]) {
          expect(runDrawWith({ entryCount: n, prizes, oneWinPerEntrant: false }, createSeededSource(seed), { simpleBucketSize })).toEqual(base);
        }
      }),
      { numRuns: 60 },
    );
  });
});
