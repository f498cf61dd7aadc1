import { bitLength, countByKey } from './counting.js';
import type { EntrantBuckets } from './entrant-layouts.js';

/**
 * The `buckets` layout: one counting sort by entrant index >>> shift. Each row holding tickets takes one
 * 32-bit entry, (index mod 2^shift) << rowBits | row, when that fits (`pack`); otherwise an
 * (index, row) pair. Halving the 50 MB that 6.3M pairs take saves a third of the build: the scatter
 * writes to thousands of buckets at once, so it is bound by page faults and TLB misses, not by work.
 */
export function buildBuckets(indexOf: ArrayLike<number>, tickets: ArrayLike<number> | null, entrants: number, shift: number, picks: number, pack = true): EntrantBuckets {
  const rowCount = indexOf.length;
  const buckets = entrants === 0 ? 0 : Math.floor((entrants - 1) / 2 ** shift) + 1;
  const start = countByKey(indexOf, tickets, buckets, shift);
  const rowBits = Math.max(1, bitLength(rowCount - 1));
  const packed = pack && shift + rowBits <= 32 && rowBits <= 31;
  const cursor = start.slice(0, buckets);
  let entries: Uint32Array;
  if (packed) {
    entries = new Uint32Array(start[buckets]);
    const lowMask = 2 ** shift - 1;
    for (let r = 0; r < rowCount; r++) {
      if (tickets === null || tickets[r] > 0) {
        const e = indexOf[r];
        entries[cursor[e >>> shift]++] = (((e & lowMask) << rowBits) | r) >>> 0;
      }
    }
  } else {
    entries = new Uint32Array(2 * start[buckets]);
    for (let r = 0; r < rowCount; r++) {
      if (tickets === null || tickets[r] > 0) {
        const e = indexOf[r];
        const p = 2 * cursor[e >>> shift]++;
        entries[p] = e;
        entries[p + 1] = r;
      }
    }
  }
  const index: EntrantBuckets = { kind: 'buckets', indexOf, shift, start, entries, rowBits: packed ? rowBits : 0, eligible: 0 };
  // Every non-empty bucket holds an eligible entrant: the exact count is only needed to report a shortfall.
  let eligible = 0;
  for (let b = 0; b < buckets; b++) if (start[b + 1] > start[b]) eligible++;
  if (picks > eligible) eligible = countDistinctKeys(index, entrants);
  return { ...index, eligible };
}

function countDistinctKeys(index: EntrantBuckets, entrants: number): number {
  const { start, entries, shift, rowBits } = index;
  // A bucket covers 2^shift consecutive indices, so a bucket-sized mark array finds its distinct keys.
  const span = 2 ** shift;
  const seen = new Int32Array(Math.min(entrants, span)).fill(-1);
  let distinct = 0;
  for (let b = 0; b + 1 < start.length; b++) {
    for (let p = start[b], end = start[b + 1]; p < end; p++) {
      const local = rowBits > 0 ? entries[p] >>> rowBits : entries[2 * p] - b * span;
      if (seen[local] !== b) {
        seen[local] = b;
        distinct++;
      }
    }
  }
  return distinct;
}
