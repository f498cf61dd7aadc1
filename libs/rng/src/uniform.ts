import { HOST_IS_LITTLE_ENDIAN } from './byte-order.js';
import type { RandomSource } from './random-source.js';

const TWO_32 = 4294967296;
const TWO_53 = 9007199254740992;
const TWO_32N = 1n << 32n;
const TWO_64N = 1n << 64n;

/**
 * Unbiased integer in [0, bound), 1 <= bound <= 2^53, by rejection sampling:
 * - bound <= 2^32: x = one word, accepted when x < 2^32 - (2^32 mod bound); result x mod bound.
 * - bound > 2^32: x = (w1 >>> 11) * 2^32 + w2 (53 bits, first word high), accepted when
 *   x < 2^53 - (2^53 mod bound); result x mod bound.
 * Every quantity is an integer below 2^53, so double arithmetic is exact.
 */
export function uniformInt(source: RandomSource, bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > TWO_53) {
    throw new RangeError(`bound must be an integer in [1, 2^53], got ${bound}`);
  }
  if (bound < TWO_32) {
    // The same values in uint32 arithmetic: V8 compiles a `%` whose result it cannot prove to be a
    // uint32 (x % 0 would be NaN) into an x87 `fprem` loop, a fifth of a simple draw's time per pick;
    // `>>> 0` on both operands and on the result lets it use an integer division. (2^32 - b) mod b is
    // 2^32 mod b.
    const b = bound >>> 0;
    const limit = TWO_32 - ((((TWO_32 - b) >>> 0) % b) >>> 0);
    for (;;) {
      const x = source.nextUint32() >>> 0;
      if (x < limit) return (x % b) >>> 0;
    }
  }
  // Every word is below 2^32 and 2^32 mod 2^32 = 0: the first word is the value.
  if (bound === TWO_32) return source.nextUint32();
  const limit = TWO_53 - (TWO_53 % bound);
  for (;;) {
    const x = (source.nextUint32() >>> 11) * TWO_32 + source.nextUint32();
    if (x < limit) return x % bound;
  }
}

// Two-word values are assembled through a shared 8-byte buffer: one BigInt read instead of
// BigInt(hi) << 32n | BigInt(lo), which allocates three intermediate BigInts.
const pair = new Uint32Array(2);
const pairAsBig = new BigUint64Array(pair.buffer);
const HI = HOST_IS_LITTLE_ENDIAN ? 1 : 0;
const LO = 1 - HI;

// The limit of the most recent two-word range, so a run of calls with one range does its BigInt
// setup once.
let cachedRange = 0n;
let cachedLimitHi = 0;
let cachedLimitLo = 0;

/**
 * Unbiased integer in [lower, upper] (inclusive). range = upper - lower + 1; k = words needed to write
 * range - 1 (at least 1); x = k words, first most significant; accepted when
 * x < 2^(32k) - (2^(32k) mod range); result lower + (x mod range).
 * Ranges up to 2^64 take fast paths that read the same words and return the same values.
 */
export function uniformBigInt(source: RandomSource, lower: bigint, upper: bigint): bigint {
  if (typeof lower !== 'bigint' || typeof upper !== 'bigint') {
    throw new TypeError('lower and upper must be bigints');
  }
  const range = upper - lower + 1n;
  if (range < 1n) throw new RangeError(`upper (${upper}) must not be below lower (${lower})`);
  // k = 1: the one-word rule is exactly uniformInt's for bound = range <= 2^32.
  if (range <= TWO_32N) return lower + BigInt(uniformInt(source, Number(range)));
  if (range <= TWO_64N) return lower + uniformTwoWords(source, range);
  return lower + uniformManyWords(source, range);
}

function uniformTwoWords(source: RandomSource, range: bigint): bigint {
  if (range !== cachedRange) {
    const limit = TWO_64N - (TWO_64N % range);
    cachedRange = range;
    // limit = 2^64 (range a power of two) becomes limitHi = 2^32, which every word is below.
    cachedLimitHi = Number(limit >> 32n);
    cachedLimitLo = Number(limit & 0xffffffffn);
  }
  const limitHi = cachedLimitHi;
  const limitLo = cachedLimitLo;
  for (;;) {
    const hi = source.nextUint32();
    const lo = source.nextUint32();
    if (hi < limitHi || (hi === limitHi && lo < limitLo)) {
      pair[HI] = hi;
      pair[LO] = lo;
      return pairAsBig[0] % range;
    }
  }
}

function uniformManyWords(source: RandomSource, range: bigint): bigint {
  const k = wordsFor(range - 1n);
  const space = 1n << BigInt(32 * k);
  const limit = space - (space % range);
  for (;;) {
    let x = 0n;
    for (let i = 0; i < k; i++) x = (x << 32n) | BigInt(source.nextUint32());
    if (x < limit) return x % range;
  }
}

/** Number of 32-bit words needed to write `value` (at least 1). */
function wordsFor(value: bigint): number {
  let k = 1;
  for (let v = value >> 32n; v > 0n; v >>= 32n) k++;
  return k;
}
