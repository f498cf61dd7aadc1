/**
 * Who shares an entrant with whom, for draws with one win per entrant. Two layouts, chosen by the
 * number of picks; the rows removed after a pick are the same with either, so results never depend
 * on the choice (the tests draw with both):
 *
 * - `groups` (many picks): rows holding tickets sorted by entrant, each entrant's run ending in a row
 *   whose END_BIT is set, plus per row `groupAt`: 0 when the row is its entrant's only row (or holds
 *   no tickets), 1 + the other row when the entrant has two, else -1 - (start of the entrant's run). A pick then costs one read
 *   beside the row itself (and one more for entrants of three rows or more) instead of a chain of
 *   entrant id -> run start -> run: on large inputs each of those is a cache and TLB miss.
 * - `buckets` (few picks): rows holding tickets grouped by entrant index >>> shift, with about
 *   K buckets for K picks, one 32-bit entry per row when (entrant bits, row) fit, else pairs. Cheap to build since its counting sort
 *   touches a small array; a pick scans one bucket of about N/K rows.
 */
export type EntrantIndex = EntrantGroups | EntrantBuckets;

export interface EntrantGroups {
  readonly kind: 'groups';
  readonly groupAt: Int32Array;
  readonly rows: Uint32Array;
  /** Entrants holding at least one ticket. */
  readonly eligible: number;
}

export interface EntrantBuckets {
  readonly kind: 'buckets';
  /** Entrant index per row: the ids themselves, or a renumbering when the ids are sparse. */
  readonly indexOf: ArrayLike<number>;
  readonly shift: number;
  /** Bucket b's rows are entries start[b] .. start[b + 1] - 1, in row order. */
  readonly start: Uint32Array;
  /**
   * Per row holding tickets: when rowBits > 0 one entry, (entrant index mod 2^shift) << rowBits | row;
   * else two, the entrant index and the row (at 2p and 2p + 1 for entry p).
   */
  readonly entries: Uint32Array;
  readonly rowBits: number;
  /**
   * Entrants holding a ticket, counted exactly only when the non-empty buckets (each holds at least
   * one) are fewer than the picks: otherwise this lower bound already shows there are enough.
   */
  readonly eligible: number;
}

export const END_BIT = 0x80000000;
export const ROW_MASK = 0x7fffffff;
