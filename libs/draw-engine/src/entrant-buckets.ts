import { countByKey } from './counting.js';
import type { EntrantBuckets } from './entrant-layouts.js';

/** The `buckets` layout: one counting sort by entrant index >>> shift, as (index, row) pairs. */
export function buildBuckets(
  indexOf: ArrayLike<number>,
  tickets: ArrayLike<number> | null,
  entrants: number,
  shift: number,
  picks: number,
): EntrantBuckets {
  const rowCount = indexOf.length;
  const buckets = entrants === 0 ? 0 : Math.floor((entrants - 1) / 2 ** shift) + 1;
  const start = countByKey(indexOf, tickets, buckets, shift);
  const pairs = new Uint32Array(2 * start[buckets]);
  const cursor = start.slice(0, buckets);
  for (let r = 0; r < rowCount; r++) {
    if (tickets === null || tickets[r] > 0) {
      const e = indexOf[r];
      const p = 2 * cursor[e >>> shift]++;
      pairs[p] = e;
      pairs[p + 1] = r;
    }
  }
  // Every non-empty bucket holds an eligible entrant: the exact count is only needed to report a shortfall.
  let eligible = 0;
  for (let b = 0; b < buckets; b++) if (start[b + 1] > start[b]) eligible++;
  if (picks > eligible) eligible = countDistinctKeys(start, pairs, shift, entrants);
  return { kind: 'buckets', indexOf, shift, start, pairs, eligible };
}

function countDistinctKeys(start: Uint32Array, pairs: Uint32Array, shift: number, entrants: number): number {
  // A bucket covers 2^shift consecutive indices, so a bucket-sized mark array finds its distinct keys.
  const span = 2 ** shift;
  const seen = new Int32Array(Math.min(entrants, span)).fill(-1);
  let distinct = 0;
  for (let b = 0; b + 1 < start.length; b++) {
    const base = b * span;
    for (let p = 2 * start[b], end = 2 * start[b + 1]; p < end; p += 2) {
      const local = pairs[p] - base;
      if (seen[local] !== b) {
        seen[local] = b;
        distinct++;
      }
    }
  }
  return distinct;
}
