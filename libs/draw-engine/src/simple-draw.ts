import { uniformInt, type RandomSource } from '#rng';
import { CountTree, leafArrayFor } from './count-tree.js';

/**
 * A simple draw (every row one ticket, each row its own entrant): pick k takes
 * t = uniformInt(source, N - k) and the t-th remaining row in row order (from 0), which is exactly the
 * weighted rule for rows of one ticket each.
 *
 * Memory is O(min(N, K)), not O(N): rows are grouped into buckets of S = 2^s consecutive rows, with
 * S the smallest power of two such that there are at most 4·K buckets. A 16-ary count tree over the
 * buckets' free rows finds the bucket; a sorted list of the bucket's picked rows (expected length
 * below 1/4) turns the offset inside the bucket into a row. When K >= N/4, S = 1 and the draw keeps one
 * bit per row instead (N/8 bytes): a count tree over 32-row words finds the word, a select inside the
 * word finds the row. Whatever the layout, the picked rows are the same (the tests draw with several).
 */
function bucketSizeFor(rowCount: number, picks: number): number {
  let size = 1;
  while (Math.ceil(rowCount / size) > 4 * picks && size < 2 ** 52) size *= 2;
  return size;
}

export function drawSimple(rowCount: number, picks: number, source: RandomSource, out: number[], bucketSize: number = bucketSizeFor(rowCount, picks)): void {
  if (picks === 0) return;
  if (bucketSize === 1) {
    drawDense(rowCount, picks, source, out);
    return;
  }
  const buckets = Math.ceil(rowCount / bucketSize);
  const leaves = leafArrayFor(buckets, bucketSize);
  leaves.fill(bucketSize);
  leaves[buckets - 1] = rowCount - (buckets - 1) * bucketSize;
  const tree = new CountTree(leaves, rowCount);
  // Per bucket, a linked list of its picked rows in ascending order, in typed arrays.
  const head = new Int32Array(buckets).fill(-1);
  const next = new Int32Array(picks);
  const value = new Float64Array(picks);
  for (let k = 0; k < picks; k++) {
    const bucket = tree.find(uniformInt(source, tree.total));
    // The rest-th free row of the bucket: step over every picked row at or before the candidate.
    let row = bucket * bucketSize + tree.rest;
    let previous = -1;
    let node = head[bucket];
    while (node !== -1 && value[node] <= row) {
      row++;
      previous = node;
      node = next[node];
    }
    value[k] = row;
    next[k] = node;
    if (previous === -1) head[bucket] = k;
    else next[previous] = k;
    tree.add(bucket, -1);
    out.push(row);
  }
}

/** One bit per remaining row, 32 rows to a word, and a count tree over the words' remaining rows. */
function drawDense(rowCount: number, picks: number, source: RandomSource, out: number[]): void {
  const words = Math.ceil(rowCount / 32);
  const bits = new Int32Array(words).fill(-1);
  const counts = new Uint8Array(words).fill(32);
  const tail = rowCount % 32;
  if (tail !== 0) {
    bits[words - 1] = (1 << tail) - 1;
    counts[words - 1] = tail;
  }
  const tree = new CountTree(counts, rowCount);
  for (let k = 0; k < picks; k++) {
    const word = tree.find(uniformInt(source, tree.total));
    // Clear the word's `rest` lowest set bits; the lowest bit left is the row.
    let x = bits[word];
    for (let skip = tree.rest; skip > 0; skip--) x &= x - 1;
    const lowest = x & -x;
    bits[word] ^= lowest;
    tree.add(word, -1);
    out.push(word * 32 + 31 - Math.clz32(lowest));
  }
}
