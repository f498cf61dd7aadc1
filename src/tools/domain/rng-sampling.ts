import { type RandomSource, uniformBigInt, uniformInt } from '#rng';

/**
 * Unique numbers are drawn by a partial Fisher–Yates shuffle of the whole range when the range holds at most this
 * many times the count (the range then fits a typed array of at most 4 × the results limit), and by rejection
 * otherwise (where at most 1 draw in 8 is a repeat).
 */
export const DENSE_RANGE_FACTOR = 4;

/** `count` independent values of [lower, upper]: uniformBigInt each, in the order drawn. */
export function drawNumbers(source: RandomSource, lower: bigint, upper: bigint, count: number): BigUint64Array {
  const out = new BigUint64Array(count);
  for (let i = 0; i < count; i++) out[i] = uniformBigInt(source, lower, upper);
  return out;
}

/** `count` distinct values of [lower, upper] in the order drawn; the method depends on the range (see above). */
export function drawDistinctNumbers(source: RandomSource, lower: bigint, upper: bigint, count: number): BigUint64Array {
  const range = upper - lower + 1n;
  if (range < BigInt(count)) throw new RangeError(`${count} distinct values do not fit in a range of ${range}`);
  if (range <= BigInt(count) * BigInt(DENSE_RANGE_FACTOR)) return shuffledPrefix(source, lower, Number(range), count);
  return drawDistinctByRejection(source, lower, upper, count);
}

/**
 * Partial Fisher–Yates over the offsets 0 … range − 1: for i = 0, 1, …, count − 1, j = i + uniformInt(range − i),
 * swap positions i and j, and the i-th result is lower + the offset now at i. With count = range this is a
 * complete shuffle (the random sequence). Memory: one Uint32Array of `range` offsets.
 */
export function shuffledPrefix(source: RandomSource, lower: bigint, range: number, count: number): BigUint64Array {
  if (!Number.isSafeInteger(range) || range < 1 || range > 0xffffffff) throw new RangeError(`range ${range} does not fit a Uint32Array`);
  if (count > range) throw new RangeError(`${count} values do not fit in a range of ${range}`);
  const offsets = new Uint32Array(range);
  for (let i = 0; i < range; i++) offsets[i] = i;
  const out = new BigUint64Array(count);
  // Offsets below 2^53 keep their sum with a small lower exact in doubles: one BigInt per value instead of two.
  const lowerNumber = Number(lower);
  const exactInNumbers = lower + BigInt(range) <= BigInt(Number.MAX_SAFE_INTEGER);
  for (let i = 0; i < count; i++) {
    const j = i + uniformInt(source, range - i);
    const picked = offsets[j];
    offsets[j] = offsets[i];
    offsets[i] = picked;
    out[i] = exactInNumbers ? BigInt(lowerNumber + picked) : lower + BigInt(picked);
  }
  return out;
}

/**
 * Rejection: draw uniformBigInt(lower, upper) again and again, keeping each value the first time it comes, until
 * there are `count`. The first `count` draws are checked in one go (a sorted copy finds any repeat, which for a
 * huge range there almost never is); the draws after that are checked one by one against the sorted values kept
 * so far and a small set of the later ones. The result is exactly that of checking every draw one by one.
 */
export function drawDistinctByRejection(source: RandomSource, lower: bigint, upper: bigint, count: number): BigUint64Array {
  const out = drawNumbers(source, lower, upper, count);
  const sorted = out.slice().sort();
  let repeated: Set<bigint> | undefined;
  for (let i = 1; i < count; i++) {
    if (sorted[i] === sorted[i - 1]) (repeated ??= new Set()).add(sorted[i]);
  }
  if (!repeated) return out;

  // Keep the first occurrence of each repeated value, in the order drawn.
  const kept = new Set<bigint>();
  let n = 0;
  for (let i = 0; i < count; i++) {
    const value = out[i];
    if (repeated.has(value)) {
      if (kept.has(value)) continue;
      kept.add(value);
    }
    out[n++] = value;
  }
  let distinct = 0;
  for (let i = 0; i < count; i++) if (distinct === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i];
  const earlier = sorted.subarray(0, distinct);
  const later = new Set<bigint>();
  while (n < count) {
    const value = uniformBigInt(source, lower, upper);
    if (later.has(value) || sortedContains(earlier, value)) continue;
    later.add(value);
    out[n++] = value;
  }
  return out;
}

function sortedContains(sorted: BigUint64Array, value: bigint): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = sorted[mid];
    if (at === value) return true;
    if (at < value) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** A complete Fisher–Yates shuffle of the positions 0 … n − 1, by the same rule as shuffledPrefix with count = n. */
export function shuffledPositions(source: RandomSource, n: number): Uint32Array {
  const positions = new Uint32Array(n);
  for (let i = 0; i < n; i++) positions[i] = i;
  for (let i = 0; i < n; i++) {
    const j = i + uniformInt(source, n - i);
    const t = positions[j];
    positions[j] = positions[i];
    positions[i] = t;
  }
  return positions;
}
