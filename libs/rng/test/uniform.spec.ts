import { uniformBigInt, uniformInt } from '../src/index.js';
import { ScriptedSource } from './support/scripted-source.js';
import { referenceUniformInt } from './support/reference-uniform.js';

const TWO_32 = 2 ** 32;

describe('uniformInt: the rejection rule, word by word', () => {
  it('bound <= 2^32: rejects x >= 2^32 - (2^32 mod bound), returns x mod bound', () => {
    // bound 3: 2^32 mod 3 = 1, so the limit is 2^32 - 1 and only 0xffffffff is rejected.
    const source = new ScriptedSource([0xffffffff, 0xfffffffe, 5]);
    expect(uniformInt(source, 3)).toBe(0xfffffffe % 3);
    expect(source.consumed).toBe(2);
    expect(uniformInt(source, 3)).toBe(2);
  });

  it('bound 10: limit is 2^32 - 6', () => {
    const source = new ScriptedSource([TWO_32 - 6, TWO_32 - 1, TWO_32 - 7]);
    expect(uniformInt(source, 10)).toBe((TWO_32 - 7) % 10);
    expect(source.consumed).toBe(3);
  });

  it('bound 1 and bound 2^32 accept every word', () => {
    expect(uniformInt(new ScriptedSource([0xffffffff]), 1)).toBe(0);
    expect(uniformInt(new ScriptedSource([0xffffffff]), TWO_32)).toBe(0xffffffff);
  });

  it('bounds near 2^31 and 2^32: words at and around the limit give the reference values', () => {
    // The one-word path runs in uint32 arithmetic; these are the bounds where that could overflow.
    for (const bound of [2, 3, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 3 * 2 ** 30 + 7, TWO_32 - 2, TWO_32 - 1, TWO_32]) {
      const limit = TWO_32 - (TWO_32 % bound);
      const words = [limit - 1, limit, TWO_32 - 1, 0, 2 ** 31, 2 ** 31 - 1, bound - 1].filter((w) => w >= 0 && w < TWO_32);
      for (const word of words) {
        const script = [word, 12345];
        const fast = new ScriptedSource(script);
        const slow = new ScriptedSource(script);
        expect([bound, word, uniformInt(fast, bound), fast.consumed]).toEqual([bound, word, referenceUniformInt(slow, bound), slow.consumed]);
      }
    }
  });

  it('bound > 2^32: x = (w1 >>> 11) * 2^32 + w2, first word high, 53 bits', () => {
    const bound = 2 ** 53;
    const source = new ScriptedSource([0xffffffff, 0x12345678]);
    expect(uniformInt(source, bound)).toBe((0xffffffff >>> 11) * TWO_32 + 0x12345678);
    // Only the top 21 bits of the first word count.
    expect(uniformInt(new ScriptedSource([0x800, 7]), bound)).toBe(TWO_32 + 7);
  });

  it('bound > 2^32: rejects x >= 2^53 - (2^53 mod bound) and consumes two words per attempt', () => {
    const bound = 3 * 2 ** 51; // 2^53 mod bound = 2^51, limit = 3 * 2^51
    const high = (3 * 2 ** 51) / TWO_32; // x = limit exactly: rejected
    const source = new ScriptedSource([(high << 11) >>> 0, 0, 0, 9]);
    expect(uniformInt(source, bound)).toBe(9);
    expect(source.consumed).toBe(4);
  });

  it.each([0, -1, 1.5, NaN, Infinity, 2 ** 53 + 2])('refuses bound %p', (bound) => {
    expect(() => uniformInt(new ScriptedSource([]), bound)).toThrow(RangeError);
  });
});

describe('uniformBigInt: the rejection rule, word by word', () => {
  it('k = 1 (range <= 2^32) is uniformInt(range) shifted by lower', () => {
    const source = new ScriptedSource([0xffffffff, 4]);
    expect(uniformBigInt(source, 10n, 12n)).toBe(11n);
    expect(source.consumed).toBe(2);
    expect(uniformBigInt(new ScriptedSource([7]), -5n, -5n)).toBe(-5n);
  });

  it('k = 2: 64-bit x from two words, first most significant', () => {
    const upper = 10n ** 18n; // range = 10^18 + 1
    const source = new ScriptedSource([0x0000_0001, 0x0000_0002]);
    expect(uniformBigInt(source, 0n, upper)).toBe(((1n << 32n) | 2n) % (upper + 1n));
  });

  it('k = 2: rejects x >= 2^64 - (2^64 mod range)', () => {
    const range = 10n ** 18n + 1n;
    const limit = 2n ** 64n - (2n ** 64n % range);
    const hi = Number(limit >> 32n);
    const lo = Number(limit & 0xffffffffn);
    const source = new ScriptedSource([hi, lo, hi, lo - 1]);
    expect(uniformBigInt(source, 0n, 10n ** 18n)).toBe((limit - 1n) % range);
    expect(source.consumed).toBe(4);
  });

  it('range 2^64 accepts every pair', () => {
    const source = new ScriptedSource([0xffffffff, 0xffffffff]);
    expect(uniformBigInt(source, 0n, 2n ** 64n - 1n)).toBe(2n ** 64n - 1n);
  });

  it('k = 3 for ranges just above 2^64', () => {
    const source = new ScriptedSource([0, 0xffffffff, 0xffffffff]);
    expect(uniformBigInt(source, 1n, 2n ** 64n + 1n)).toBe(2n ** 64n);
    expect(source.consumed).toBe(3);
  });

  it('refuses upper < lower and non-bigint bounds', () => {
    expect(() => uniformBigInt(new ScriptedSource([]), 2n, 1n)).toThrow(RangeError);
    expect(() => uniformBigInt(new ScriptedSource([]), 0 as unknown as bigint, 1n)).toThrow(TypeError);
  });
});
