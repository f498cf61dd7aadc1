import { BufferedSource } from '../src/buffered-source.js';
import { CRYPTO_SOURCE_BUFFER_BYTES, createCryptoSource } from '../src/crypto-source.js';

describe('createCryptoSource', () => {
  it('yields integers in [0, 2^32) across several refills', () => {
    const source = createCryptoSource();
    const n = (3 * CRYPTO_SOURCE_BUFFER_BYTES) / 4 + 17;
    const distinct = new Set<number>();
    let outOfRange = 0;
    for (let i = 0; i < n; i++) {
      const x = source.nextUint32();
      if (!(Number.isInteger(x) && x >= 0 && x < 2 ** 32)) outOfRange++;
      distinct.add(x);
    }
    expect(outOfRange).toBe(0);
    // ~12k uniform words expect 0.02 repeated pairs; 10 or more has probability below 1e-25.
    expect(distinct.size).toBeGreaterThan(n - 10);
  });

  it('two sources do not produce the same stream', () => {
    const a = createCryptoSource();
    const b = createCryptoSource();
    const wa = Array.from({ length: 8 }, () => a.nextUint32());
    const wb = Array.from({ length: 8 }, () => b.nextUint32());
    expect(wa).not.toEqual(wb);
  });

  it('uses every bit: each of the 32 bits is set in 40-60% of 20,000 words', () => {
    const source = createCryptoSource();
    const ones = new Array<number>(32).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const x = source.nextUint32();
      for (let bit = 0; bit < 32; bit++) ones[bit] += (x >>> bit) & 1;
    }
    // Binomial(20000, 1/2) leaves 40-60% with probability 1 - 1e-170: not a flaky bound.
    for (const count of ones) {
      expect(count / 20_000).toBeGreaterThan(0.4);
      expect(count / 20_000).toBeLessThan(0.6);
    }
  });
});

describe('BufferedSource (the buffering under the crypto and seeded sources)', () => {
  it('refills once per buffer, only when empty, and serves words in buffer order', () => {
    let refills = 0;
    const source = new BufferedSource((words) => {
      for (let i = 0; i < words.length; i++) words[i] = refills * 1000 + i;
      refills++;
    }, 16);
    expect(refills).toBe(0);
    const got = Array.from({ length: 10 }, () => source.nextUint32());
    expect(got).toEqual([0, 1, 2, 3, 1000, 1001, 1002, 1003, 2000, 2001]);
    expect(refills).toBe(3);
  });

  it('a million words cost a few dozen refills, not a million', () => {
    let refills = 0;
    const source = createCountingCryptoLikeSource(() => refills++);
    for (let i = 0; i < 1_000_000; i++) source.nextUint32();
    expect(refills).toBe(Math.ceil(1_000_000 / (CRYPTO_SOURCE_BUFFER_BYTES / 4)));
  });

  it('refuses buffer sizes that are not positive multiples of 4', () => {
    expect(() => new BufferedSource(() => undefined, 0)).toThrow(RangeError);
    expect(() => new BufferedSource(() => undefined, 6)).toThrow(RangeError);
  });
});

function createCountingCryptoLikeSource(onRefill: () => void): BufferedSource {
  return new BufferedSource((words) => {
    onRefill();
    words.fill(7);
  }, CRYPTO_SOURCE_BUFFER_BYTES);
}
