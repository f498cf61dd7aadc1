import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * The Merkle tree of RFC 9162 §2.1 (the tree of Certificate Transparency): a leaf's hash is SHA-256(0x00 ‖ entry),
 * an inner node's SHA-256(0x01 ‖ left ‖ right), and a tree of n leaves splits at the largest power of two below n.
 * Sizes and indices are plain numbers: exact up to 2^53, and no bitwise operators (they would cut them to 32 bits).
 */
export type Hash = Uint8Array;

export function leafHash(entry: Uint8Array): Hash {
  const bytes = new Uint8Array(entry.length + 1);
  bytes[0] = 0x00;
  bytes.set(entry, 1);
  return sha256(bytes);
}

export function nodeHash(left: Hash, right: Hash): Hash {
  const bytes = new Uint8Array(65);
  bytes[0] = 0x01;
  bytes.set(left, 1);
  bytes.set(right, 33);
  return sha256(bytes);
}

/** The SHA-256 of no input: the root of the empty tree (RFC 9162 §2.1.1). */
export const EMPTY_ROOT: Hash = sha256(new Uint8Array(0));

/** k of RFC 9162 §2.1.1: the largest power of two smaller than n (n > 1). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  return n >= 1 && splitPoint(n + 1) === n;
}

/** A complete subtree: the node over leaves [index·2^level, (index+1)·2^level). Level 0 is a leaf's hash. */
export interface NodeRef {
  level: number;
  index: number;
}

/**
 * The complete subtrees whose right-to-left fold (nodeHash(a, nodeHash(b, …))) is MTH(D[start:end]), for any
 * subtree the RFC's recursion visits: a store of complete subtrees answers every root and proof from these.
 */
export function subtreeRefs(start: number, end: number): NodeRef[] {
  const refs: NodeRef[] = [];
  while (end - start > 0) {
    const n = end - start;
    const size = isPowerOfTwo(n) ? n : splitPoint(n);
    refs.push({ level: Math.log2(size), index: start / size });
    start += size;
  }
  return refs;
}

/** The hash of a subtree from its complete parts (as subtreeRefs lists them). */
export function foldSubtree(parts: Hash[]): Hash {
  if (parts.length === 0) return EMPTY_ROOT;
  let hash = parts[parts.length - 1];
  for (let i = parts.length - 2; i >= 0; i--) hash = nodeHash(parts[i], hash);
  return hash;
}

/** Which stored subtrees make each hash of PATH(index, D[size]) (RFC 9162 §2.1.3.1), in the proof's order. */
export function inclusionPlan(index: number, size: number): NodeRef[][] {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) throw new RangeError(`No leaf ${index} in a tree of ${size}`);
  const plan: NodeRef[][] = [];
  let start = 0;
  let end = size;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (index < start + k) {
      plan.push(subtreeRefs(start + k, end));
      end = start + k;
    } else {
      plan.push(subtreeRefs(start, start + k));
      start += k;
    }
  }
  return plan.reverse();
}

/** Which stored subtrees make each hash of PROOF(first, D[second]) (RFC 9162 §2.1.4.1), in the proof's order. */
export function consistencyPlan(first: number, second: number): NodeRef[][] {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 0 || first > second) throw new RangeError(`No consistency proof from ${first} to ${second}`);
  if (first === 0 || first === second) return [];
  const plan: NodeRef[][] = [];
  let m = first;
  let start = 0;
  let end = second;
  let whole = true;
  while (m !== end - start) {
    const k = splitPoint(end - start);
    if (m <= k) {
      plan.push(subtreeRefs(start + k, end));
      end = start + k;
    } else {
      plan.push(subtreeRefs(start, start + k));
      m -= k;
      start += k;
      whole = false;
    }
  }
  if (!whole) plan.push(subtreeRefs(start, end));
  return plan.reverse();
}

/** The proof's hashes from a plan and a store of complete subtrees. */
export function assembleProof(plan: NodeRef[][], nodeAt: (ref: NodeRef) => Hash): Hash[] {
  return plan.map((refs) => foldSubtree(refs.map(nodeAt)));
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

/** The root an inclusion proof leads to (RFC 9162 §2.1.3.2), or null when the proof cannot fit the index and size. */
export function rootFromInclusionProof(leaf: Hash, index: number, size: number, proof: Hash[]): Hash | null {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!odd(fn)) {
        do {
          fn = half(fn);
          sn = half(sn);
        } while (!odd(fn) && fn !== 0);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? r : null;
}

/** RFC 9162 §2.1.3.2: does the leaf hash sit at `index` of the tree of `size` leaves with this root? */
export function verifyInclusion(leaf: Hash, index: number, size: number, proof: Hash[], root: Hash): boolean {
  const computed = rootFromInclusionProof(leaf, index, size, proof);
  return computed !== null && equalBytes(computed, root);
}

/** RFC 9162 §2.1.4.2: is the tree of `second` leaves with `secondRoot` an extension of the one of `first` leaves? */
export function verifyConsistency(first: number, second: number, firstRoot: Hash, secondRoot: Hash, proof: Hash[]): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 0 || first > second) return false;
  if (first === second) return proof.length === 0 && equalBytes(firstRoot, secondRoot);
  if (first === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!odd(fn)) {
        do {
          fn = half(fn);
          sn = half(sn);
        } while (!odd(fn) && fn !== 0);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(fr, firstRoot) && equalBytes(sr, secondRoot);
}

/** One complete subtree made by an append, to be stored. */
export interface NewNode extends NodeRef {
  hash: Hash;
}

/**
 * Appends a leaf to a tree known by its frontier (the complete subtrees of its size's binary decomposition, largest
 * first, which is subtreeRefs(0, size)): the nodes completed by this leaf (the leaf's hash first) and the new frontier.
 * O(log n) hashes, nothing read from the rest of the tree.
 */
export function appendToFrontier(frontier: Hash[], size: number, leaf: Hash): { nodes: NewNode[]; frontier: Hash[] } {
  const next = frontier.slice();
  const nodes: NewNode[] = [{ level: 0, index: size, hash: leaf }];
  let hash = leaf;
  let index = size;
  let level = 0;
  while (odd(index)) {
    const left = next.pop();
    if (!left) throw new Error('The frontier does not fit the size');
    hash = nodeHash(left, hash);
    level += 1;
    index = half(index);
    nodes.push({ level, index, hash });
  }
  next.push(hash);
  return { nodes, frontier: next };
}

/** A whole tree in memory (tests, the monitor's own checks, the benchmark's reference). */
export class MemoryTree {
  private readonly levels: Hash[][] = [[]];
  private frontier: Hash[] = [];

  get size(): number {
    return this.levels[0].length;
  }

  append(entry: Uint8Array): number {
    return this.appendLeafHash(leafHash(entry));
  }

  appendLeafHash(leaf: Hash): number {
    const index = this.size;
    const { nodes, frontier } = appendToFrontier(this.frontier, index, leaf);
    for (const node of nodes) (this.levels[node.level] ??= [])[node.index] = node.hash;
    this.frontier = frontier;
    return index;
  }

  nodeAt = (ref: NodeRef): Hash => {
    const hash = this.levels[ref.level]?.[ref.index];
    if (!hash) throw new RangeError(`No node ${ref.level}/${ref.index}`);
    return hash;
  };

  root(size = this.size): Hash {
    return foldSubtree(subtreeRefs(0, size).map(this.nodeAt));
  }

  inclusionProof(index: number, size = this.size): Hash[] {
    return assembleProof(inclusionPlan(index, size), this.nodeAt);
  }

  consistencyProof(first: number, second = this.size): Hash[] {
    return assembleProof(consistencyPlan(first, second), this.nodeAt);
  }
}

export const toHex = bytesToHex;
export const fromHex = hexToBytes;
