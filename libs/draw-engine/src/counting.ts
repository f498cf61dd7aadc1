/** Bits needed to write `value` (0 for 0); halving rather than shifting so values past 2^32 work. */
export function bitLength(value: number): number {
  let bits = 0;
  while (value >= 1) {
    bits++;
    value = Math.floor(value / 2);
  }
  return bits;
}

/**
 * Counts the rows holding tickets per key (index >>> shift) into start[key + 1]; the prefix sum then
 * makes start[key] the key's first slot and start[keys] the number of rows listed.
 */
export function countByKey(indexOf: ArrayLike<number>, tickets: ArrayLike<number> | null, keys: number, shift: number): Uint32Array {
  const start = new Uint32Array(keys + 1);
  const rowCount = indexOf.length;
  if (tickets === null) {
    for (let r = 0; r < rowCount; r++) start[(indexOf[r] >>> shift) + 1]++;
  } else {
    for (let r = 0; r < rowCount; r++) if (tickets[r] > 0) start[(indexOf[r] >>> shift) + 1]++;
  }
  for (let k = 1; k <= keys; k++) start[k] += start[k - 1];
  return start;
}
