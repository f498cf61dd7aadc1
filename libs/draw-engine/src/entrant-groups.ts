import { bitLength, countByKey } from './counting.js';
import { END_BIT, ROW_MASK, type EntrantGroups } from './entrant-layouts.js';

/** Digits of the first pass of the counting sort. */
const HIGH_BITS = 11;

/**
 * A counting sort by entrant in two cache-friendly passes (most significant digit first): rows are
 * scattered into at most 2^HIGH_BITS buckets by their entrant's high bits, then each bucket (a few
 * thousand rows) is sorted by the low bits where its counters stay in cache. A one-pass counting
 * sort over millions of entrants touches its counters at random and is slower.
 */
export function buildGroups(indexOf: ArrayLike<number>, tickets: ArrayLike<number> | null, entrants: number): EntrantGroups {
  const rowCount = indexOf.length;
  const lowBits = Math.max(0, Math.max(1, bitLength(entrants - 1)) - HIGH_BITS);
  const highCount = entrants === 0 ? 0 : ((entrants - 1) >>> lowBits) + 1;
  const highStart = countByKey(indexOf, tickets, highCount, lowBits);
  const listed = highStart[highCount];
  const pairs = new Uint32Array(2 * listed);
  const cursor = highStart.slice(0, highCount);
  for (let r = 0; r < rowCount; r++) {
    if (tickets === null || tickets[r] > 0) {
      const e = indexOf[r];
      const p = 2 * cursor[e >>> lowBits]++;
      pairs[p] = e;
      pairs[p + 1] = r;
    }
  }
  const rows = new Uint32Array(listed);
  // Zero (a row alone, or holding no tickets) needs no pass: a fresh array is all zeros.
  const groupAt = new Int32Array(rowCount);
  const lowMask = 2 ** lowBits - 1;
  const lowStart = new Uint32Array(lowMask + 2);
  let eligible = 0;
  for (let h = 0; h < highCount; h++) {
    const from = highStart[h];
    const to = highStart[h + 1];
    if (from === to) continue;
    lowStart.fill(0);
    for (let p = 2 * from; p < 2 * to; p += 2) lowStart[(pairs[p] & lowMask) + 1]++;
    for (let k = 1; k < lowStart.length; k++) lowStart[k] += lowStart[k - 1];
    for (let p = 2 * from; p < 2 * to; p += 2) rows[from + lowStart[pairs[p] & lowMask]++] = pairs[p + 1];
    // lowStart[k] now ends entrant k's run (relative to `from`); runs are in row order.
    let first = from;
    for (let k = 0; k <= lowMask; k++) {
      const end = from + lowStart[k];
      const size = end - first;
      if (size > 0) {
        eligible++;
        linkGroup(rows, groupAt, first, end);
      }
      first = end;
    }
  }
  return { kind: 'groups', groupAt, rows, eligible };
}

function linkGroup(rows: Uint32Array, groupAt: Int32Array, first: number, end: number): void {
  rows[end - 1] |= END_BIT;
  const size = end - first;
  if (size === 2) {
    const a = rows[first];
    const b = rows[first + 1] & ROW_MASK;
    groupAt[a] = b + 1;
    groupAt[b] = a + 1;
  } else if (size > 2) {
    for (let p = first; p < end; p++) groupAt[rows[p] & ROW_MASK] = -1 - first;
  }
}
