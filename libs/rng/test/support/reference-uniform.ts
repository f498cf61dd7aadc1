import type { RandomSource } from '../../src/index.js';

/** DESIGN.md's uniformBigInt, word for word, in plain BigInt arithmetic. */
export function referenceUniformBigInt(source: RandomSource, lower: bigint, upper: bigint): bigint {
  const range = upper - lower + 1n;
  let k = 1;
  while (range - 1n >= 1n << BigInt(32 * k)) k++;
  const space = 1n << BigInt(32 * k);
  const limit = space - (space % range);
  for (;;) {
    let x = 0n;
    for (let i = 0; i < k; i++) x = x * 4294967296n + BigInt(source.nextUint32());
    if (x < limit) return lower + (x % range);
  }
}

/** DESIGN.md's uniformInt, in BigInt arithmetic so no double rounding can hide a mistake. */
export function referenceUniformInt(source: RandomSource, bound: number): number {
  const b = BigInt(bound);
  if (bound <= 2 ** 32) {
    const limit = 2n ** 32n - (2n ** 32n % b);
    for (;;) {
      const x = BigInt(source.nextUint32());
      if (x < limit) return Number(x % b);
    }
  }
  const limit = 2n ** 53n - (2n ** 53n % b);
  for (;;) {
    const x = BigInt(source.nextUint32() >>> 11) * 2n ** 32n + BigInt(source.nextUint32());
    if (x < limit) return Number(x % b);
  }
}
