import fc from 'fast-check';
import { createCryptoSource, createSeededSource, createSeedrandomSource, uniformBigInt, uniformInt, type RandomSource } from '../src/index.js';
import { referenceUniformBigInt, referenceUniformInt } from './support/reference-uniform.js';
import { CountingSource } from './support/scripted-source.js';

interface SourceKind {
  name: string;
  /** Seeded factories are deterministic; the crypto source ignores the seed. */
  make(seed: string): RandomSource;
  deterministic: boolean;
}

const KINDS: SourceKind[] = [
  { name: 'seeded ChaCha20 (string seed)', make: (seed) => createSeededSource(seed), deterministic: true },
  {
    name: 'seeded ChaCha20 (byte seed)',
    make: (seed) => createSeededSource(new Uint8Array(Buffer.from(seed, 'utf8'))),
    deterministic: true,
  },
  { name: 'seedrandom ARC4', make: (seed) => createSeedrandomSource(seed), deterministic: true },
  { name: 'OS CSPRNG', make: () => createCryptoSource(), deterministic: false },
];

const bigintRange = fc
  .tuple(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 33n }), fc.bigInt({ min: 0n, max: 2n ** 96n })))
  .map(([lower, width]) => ({ lower, upper: lower + width }));

describe.each(KINDS)('laws of every source: $name', ({ make, deterministic }) => {
  const seed = fc.string({ maxLength: 40 });

  if (deterministic) {
    it('same seed, same stream', () => {
      fc.assert(
        fc.property(seed, (s) => {
          const a = make(s);
          const b = make(s);
          for (let i = 0; i < 64; i++) expect(a.nextUint32()).toBe(b.nextUint32());
        }),
        { numRuns: 50 },
      );
    });
  }

  it('words are integers in [0, 2^32)', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const source = make(s);
        for (let i = 0; i < 256; i++) {
          const x = source.nextUint32();
          expect(Number.isInteger(x) && x >= 0 && x < 2 ** 32).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('uniformInt(bound) is an integer in [0, bound)', () => {
    fc.assert(
      fc.property(seed, fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 2 ** 32 }), fc.integer({ min: 1, max: 2 ** 53 })), (s, bound) => {
        const source = make(s);
        for (let i = 0; i < 20; i++) {
          const x = uniformInt(source, bound);
          expect(Number.isInteger(x) && x >= 0 && x < bound).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('uniformBigInt(lower, upper) is in [lower, upper]', () => {
    fc.assert(
      fc.property(seed, bigintRange, (s, { lower, upper }) => {
        const source = make(s);
        for (let i = 0; i < 10; i++) {
          const x = uniformBigInt(source, lower, upper);
          expect(x >= lower && x <= upper).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  if (deterministic) {
    it('uniformInt and uniformBigInt equal the spec definitions and consume the same words', () => {
      fc.assert(
        fc.property(
          seed,
          fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 2 ** 31, max: 2 ** 32 }), fc.integer({ min: 2 ** 32, max: 2 ** 53 })),
          bigintRange,
          (s, bound, { lower, upper }) => {
            const fast = new CountingSource(make(s));
            const slow = new CountingSource(make(s));
            for (let i = 0; i < 10; i++) {
              expect(uniformInt(fast, bound)).toBe(referenceUniformInt(slow, bound));
              expect(uniformBigInt(fast, lower, upper)).toBe(referenceUniformBigInt(slow, lower, upper));
              expect(fast.consumed).toBe(slow.consumed);
            }
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});

describe('uniformBigInt fast paths', () => {
  it('rejection-heavy ranges (just above 2^32 and 2^63) match the spec word for word', () => {
    // Ranges where about half the words are rejected exercise the retry loops of every path.
    for (const range of [2n ** 32n + 1n, 2n ** 63n + 1n, 2n ** 64n, 2n ** 95n + 1n]) {
      const fast = new CountingSource(createSeededSource(`range ${range}`));
      const slow = new CountingSource(createSeededSource(`range ${range}`));
      for (let i = 0; i < 2000; i++) {
        expect(uniformBigInt(fast, 0n, range - 1n)).toBe(referenceUniformBigInt(slow, 0n, range - 1n));
      }
      expect(fast.consumed).toBe(slow.consumed);
      expect(fast.consumed).toBeGreaterThan(0);
    }
  });

  it('switching between ranges does not reuse a stale cached limit', () => {
    const fast = new CountingSource(createSeededSource('alternate'));
    const slow = new CountingSource(createSeededSource('alternate'));
    const ranges = [10n ** 18n, 2n ** 63n, 10n ** 18n, 2n ** 40n, 2n ** 64n - 1n];
    for (let i = 0; i < 500; i++) {
      const upper = ranges[i % ranges.length];
      expect(uniformBigInt(fast, 0n, upper)).toBe(referenceUniformBigInt(slow, 0n, upper));
    }
    expect(fast.consumed).toBe(slow.consumed);
  });

  it('covers 0..10^18 inclusive at both ends', () => {
    // Words that make x = 0 and x = 10^18 exactly.
    const range = 10n ** 18n + 1n;
    const top = 10n ** 18n;
    const words = [0, 0, Number(top >> 32n), Number(top & 0xffffffffn)];
    let i = 0;
    const scripted = { nextUint32: () => words[i++] };
    expect(uniformBigInt(scripted, 0n, 10n ** 18n)).toBe(0n);
    expect(uniformBigInt(scripted, 0n, 10n ** 18n)).toBe(10n ** 18n);
    expect(range).toBe(10n ** 18n + 1n);
  });
});
