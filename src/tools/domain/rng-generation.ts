import { createSeedrandomSource, type RandomSource } from '#rng';
import { DESCENDING, ORDER_BY_FREQUENCY, ORDER_BY_VALUE, type RngDirection, type RngRequest } from '#rules';
import { drawDistinctNumbers, drawNumbers, shuffledPositions, shuffledPrefix } from './rng-sampling.js';

/**
 * The version of the algorithm below. A stored request is regenerated for its download, so a change that alters
 * any result for a given seed must raise it; files of another version are then gone rather than different.
 */
export const RNG_ALGORITHM_VERSION = 1;

/** What a request produced, in the order shown. */
export interface RngResult {
  /** The values; each value once when grouped. */
  values: BigUint64Array;
  /** How often each value came up, when grouped; otherwise null. */
  counts: Uint32Array | null;
  /** How many numbers were generated (with grouping, the sum of the counts). */
  total: number;
}

/**
 * Same request (seed included), same result: the source is seedrandom keyed by the seed (libs/rng), and every step
 * below is deterministic. docs/decisions.md "Generators" spells the steps out.
 */
export function generateRng(request: RngRequest): RngResult {
  const source = createSeedrandomSource(request.seed);
  if (request.mode === 'sequence') {
    return { values: shuffledPrefix(source, request.lower, request.count, request.count), counts: null, total: request.count };
  }
  const drawn = request.unique ? drawDistinctNumbers(source, request.lower, request.upper, request.count) : drawNumbers(source, request.lower, request.upper, request.count);
  if (request.grouping) return orderGroups(groupByValue(drawn), request, source);
  if (request.ordering === ORDER_BY_VALUE) sortByValue(drawn, request.direction);
  return { values: drawn, counts: null, total: request.count };
}

/** In place: ascending, or descending. */
function sortByValue(values: BigUint64Array, direction: RngDirection): void {
  values.sort();
  if (direction === DESCENDING) values.reverse();
}

/** Each distinct value once, ascending, with how often it was drawn. */
function groupByValue(drawn: BigUint64Array): { values: BigUint64Array; counts: Uint32Array; total: number } {
  const sorted = drawn.slice().sort();
  let groups = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) groups++;
  const values = new BigUint64Array(groups);
  const counts = new Uint32Array(groups);
  let g = -1;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) values[++g] = sorted[i];
    counts[g]++;
  }
  return { values, counts, total: drawn.length };
}

/**
 * Groups (ascending by value) put in the requested order: random = a Fisher–Yates shuffle of the groups with the
 * same source, after the draws; value = ascending or descending; frequency = by count (descending: most frequent
 * first), equal counts by ascending value.
 */
function orderGroups(groups: { values: BigUint64Array; counts: Uint32Array; total: number }, request: RngRequest, source: RandomSource): RngResult {
  const { values, counts, total } = groups;
  if (request.ordering === ORDER_BY_VALUE) {
    if (request.direction === DESCENDING) {
      values.reverse();
      counts.reverse();
    }
    return { values, counts, total };
  }
  const order = request.ordering === ORDER_BY_FREQUENCY ? byFrequency(counts, request.direction) : shuffledPositions(source, values.length);
  const orderedValues = new BigUint64Array(values.length);
  const orderedCounts = new Uint32Array(values.length);
  for (let i = 0; i < order.length; i++) {
    orderedValues[i] = values[order[i]];
    orderedCounts[i] = counts[order[i]];
  }
  return { values: orderedValues, counts: orderedCounts, total };
}

/** Positions ordered by count, stable (a counting sort), so equal counts keep their ascending values. */
function byFrequency(counts: Uint32Array, direction: RngDirection): Uint32Array {
  let max = 0;
  for (let i = 0; i < counts.length; i++) if (counts[i] > max) max = counts[i];
  const starts = new Uint32Array(max + 2);
  for (let i = 0; i < counts.length; i++) starts[(direction === DESCENDING ? max - counts[i] : counts[i]) + 1]++;
  for (let k = 1; k < starts.length; k++) starts[k] += starts[k - 1];
  const order = new Uint32Array(counts.length);
  for (let i = 0; i < counts.length; i++) order[starts[direction === DESCENDING ? max - counts[i] : counts[i]]++] = i;
  return order;
}
