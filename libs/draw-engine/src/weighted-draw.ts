import { uniformInt, type RandomSource } from '#rng';
import { CountTree, leafArrayFor } from './count-tree.js';
import { END_BIT, ROW_MASK, type EntrantBuckets, type EntrantGroups, type EntrantIndex } from './entrant-layouts.js';

/** Remaining tickets per row: `tickets` (which hold `total` in all), or 1 for every row when absent. */
export function ticketTree(rowCount: number, tickets: ArrayLike<number> | null, maxTicket: number, total: number): CountTree {
  const leaves = leafArrayFor(rowCount, tickets === null ? 1 : maxTicket);
  if (tickets === null) leaves.fill(1);
  else leaves.set(tickets);
  return new CountTree(leaves, tickets === null ? rowCount : total);
}

/** Each pick takes one ticket from the picked row; a row can win as often as it has tickets. */
export function drawTickets(tree: CountTree, picks: number, source: RandomSource, out: number[]): void {
  for (let k = 0; k < picks; k++) {
    const row = tree.find(uniformInt(source, tree.total));
    tree.add(row, -1);
    out.push(row);
  }
}

/** One win per entrant where each row is its own entrant: the picked row loses all its tickets. */
export function drawRows(tree: CountTree, picks: number, source: RandomSource, out: number[]): void {
  const leaves = tree.leaves;
  for (let k = 0; k < picks; k++) {
    const row = tree.find(uniformInt(source, tree.total));
    tree.add(row, -leaves[row]);
    out.push(row);
  }
}

/** One win per entrant: every row of the picked row's entrant loses all its tickets. */
export function drawEntrants(tree: CountTree, index: EntrantIndex, picks: number, source: RandomSource, out: number[]): void {
  if (index.kind === 'groups') drawByGroups(tree, index, picks, source, out);
  else drawByBuckets(tree, index, picks, source, out);
}

function drawByGroups(tree: CountTree, index: EntrantGroups, picks: number, source: RandomSource, out: number[]): void {
  const leaves = tree.leaves;
  const { groupAt, rows } = index;
  for (let k = 0; k < picks; k++) {
    const row = tree.find(uniformInt(source, tree.total), groupAt);
    out.push(row);
    tree.add(row, -leaves[row]);
    const group = groupAt[row];
    if (group > 0) {
      tree.add(group - 1, -leaves[group - 1]);
    } else if (group < 0) {
      for (let p = -1 - group; ; p++) {
        const entry = rows[p];
        const sibling = entry & ROW_MASK;
        if (sibling !== row) tree.add(sibling, -leaves[sibling]);
        if (entry >= END_BIT) break;
      }
    }
  }
}

function drawByBuckets(tree: CountTree, index: EntrantBuckets, picks: number, source: RandomSource, out: number[]): void {
  const leaves = tree.leaves;
  const { indexOf, shift, start, entries, rowBits } = index;
  const lowMask = 2 ** shift - 1;
  const rowMask = 2 ** rowBits - 1;
  for (let k = 0; k < picks; k++) {
    const row = tree.find(uniformInt(source, tree.total));
    out.push(row);
    const entrant = indexOf[row];
    const bucket = entrant >>> shift;
    if (rowBits > 0) {
      const key = entrant & lowMask;
      for (let p = start[bucket], end = start[bucket + 1]; p < end; p++) {
        const entry = entries[p];
        if (entry >>> rowBits !== key) continue;
        const sibling = entry & rowMask;
        const remaining = leaves[sibling];
        if (remaining > 0) tree.add(sibling, -remaining);
      }
    } else {
      for (let p = 2 * start[bucket], end = 2 * start[bucket + 1]; p < end; p += 2) {
        if (entries[p] !== entrant) continue;
        const sibling = entries[p + 1];
        const remaining = leaves[sibling];
        if (remaining > 0) tree.add(sibling, -remaining);
      }
    }
  }
}
