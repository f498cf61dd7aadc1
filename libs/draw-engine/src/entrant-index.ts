import { bitLength } from './counting.js';
import { buildBuckets } from './entrant-buckets.js';
import { buildGroups } from './entrant-groups.js';
import type { EntrantIndex } from './entrant-layouts.js';

/** A layout forced by the tests (`pack: false` keeps (entrant, row) pairs even where entries fit 32 bits). */
export type EntrantLayoutChoice = { kind: 'groups' } | { kind: 'buckets'; shift: number; pack?: boolean };

/**
 * Ids up to this multiple of the row count are used as indices directly; sparser ids (hashes, phone
 * numbers) are first renumbered in order of appearance, which costs a Map lookup per row.
 */
const DIRECT_ID_FACTOR = 4;
const MIN_BUCKET_BITS = 10;
/** Up to this shift (buckets of 2^shift entrants or fewer) the draw uses the `groups` layout. */
const MAX_GROUPS_SHIFT = 2;

/**
 * Bucket shift for `picks` picks over `entrants` entrant indices (about one bucket per pick), or 0
 * when buckets would hold so few entrants that the `groups` layout is the better buy.
 */
function bucketShiftFor(entrants: number, picks: number): number {
  const idBits = Math.max(1, bitLength(entrants - 1));
  const bucketBits = Math.max(MIN_BUCKET_BITS, bitLength(picks));
  const shift = idBits - bucketBits;
  return shift > MAX_GROUPS_SHIFT ? shift : 0;
}

export function buildEntrantIndex(entrantOf: ArrayLike<number>, tickets: ArrayLike<number> | null, maxId: number, picks: number, layout?: EntrantLayoutChoice): EntrantIndex {
  const rowCount = entrantOf.length;
  let indexOf: ArrayLike<number> = entrantOf;
  let entrants = maxId + 1;
  if (maxId >= Math.min(DIRECT_ID_FACTOR * rowCount + 1024, 2 ** 31)) {
    const renumbered = renumber(entrantOf);
    indexOf = renumbered.indexOf;
    entrants = renumbered.entrants;
  }
  const shift = layout === undefined ? bucketShiftFor(entrants, picks) : layout.kind === 'groups' ? 0 : layout.shift;
  if (layout?.kind === 'buckets' || (layout === undefined && shift > 0)) {
    return buildBuckets(indexOf, tickets, entrants, shift, picks, layout?.kind !== 'buckets' || layout.pack !== false);
  }
  return buildGroups(indexOf, tickets, entrants);
}

function renumber(entrantOf: ArrayLike<number>): { indexOf: Uint32Array; entrants: number } {
  const indexOf = new Uint32Array(entrantOf.length);
  const seen = new Map<number, number>();
  for (let r = 0; r < entrantOf.length; r++) {
    const id = entrantOf[r];
    let index = seen.get(id);
    if (index === undefined) {
      index = seen.size;
      seen.set(id, index);
    }
    indexOf[r] = index;
  }
  return { indexOf, entrants: seen.size };
}
