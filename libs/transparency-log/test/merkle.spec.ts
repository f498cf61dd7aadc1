import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import fc from 'fast-check';
import {
  appendToFrontier,
  consistencyPlan,
  fromHex,
  inclusionPlan,
  leafHash,
  MemoryTree,
  nodeHash,
  toHex,
  treeHeadStatement,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHead,
} from '#transparency-log';

/**
 * The reference: RFC 9162 §2.1.1, §2.1.3.1 and §2.1.4.1 written as the RFC states them (recursion over the leaf
 * list, SHA-256 from node:crypto), independent of the library's stored-subtree plans, frontier and @noble hashing.
 */
const sha = (...parts: Uint8Array[]) => new Uint8Array(createHash('sha256').update(Buffer.concat(parts)).digest());
const k = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);
const mth = (d: Uint8Array[]): Uint8Array => (d.length === 0 ? sha() : d.length === 1 ? sha(Uint8Array.of(0), d[0]) : sha(Uint8Array.of(1), mth(d.slice(0, k(d.length))), mth(d.slice(k(d.length)))));
const path = (m: number, d: Uint8Array[]): Uint8Array[] => {
  if (d.length === 1) return [];
  const split = k(d.length);
  return m < split ? [...path(m, d.slice(0, split)), mth(d.slice(split))] : [...path(m - split, d.slice(split)), mth(d.slice(0, split))];
};
const subproof = (m: number, d: Uint8Array[], b: boolean): Uint8Array[] => {
  if (m === d.length) return b ? [] : [mth(d)];
  const split = k(d.length);
  return m <= split ? [...subproof(m, d.slice(0, split), b), mth(d.slice(split))] : [...subproof(m - split, d.slice(split), false), mth(d.slice(0, split))];
};
const proof = (m: number, d: Uint8Array[]) => subproof(m, d, true);

/** The eight leaves of Certificate Transparency's reference test data (certificate-transparency merkle_tree_test). */
const CT_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((h) => fromHex(h));
/** Its published roots of the first 1..8 leaves. */
const CT_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

function treeOf(leaves: Uint8Array[]): MemoryTree {
  const tree = new MemoryTree();
  for (const leaf of leaves) tree.append(leaf);
  return tree;
}

const hex = (hashes: Uint8Array[]) => hashes.map(toHex);

describe('leaf and node hashes (RFC 9162 §2.1.1)', () => {
  it('prefix 0x00 for leaves and 0x01 for nodes', () => {
    expect(toHex(leafHash(new Uint8Array(0)))).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
    const a = leafHash(Uint8Array.of(1));
    const b = leafHash(Uint8Array.of(2));
    expect(toHex(nodeHash(a, b))).toBe(toHex(sha(Uint8Array.of(1), a, b)));
  });

  it('gives Certificate Transparency’s published roots for its eight test leaves', () => {
    const tree = treeOf(CT_LEAVES);
    expect(CT_ROOTS.map((_, i) => toHex(tree.root(i + 1)))).toEqual(CT_ROOTS);
    expect(CT_ROOTS.map((_, i) => toHex(mth(CT_LEAVES.slice(0, i + 1))))).toEqual(CT_ROOTS);
  });
});

describe('proofs against the RFC’s definitions', () => {
  const leaves = Array.from({ length: 33 }, (_, i) => Uint8Array.of(i, i * 7));
  const tree = treeOf(leaves);

  it('inclusion proofs are PATH(m, D[n]) and verify, for every m < n ≤ 33', () => {
    for (let n = 1; n <= leaves.length; n++) {
      const root = tree.root(n);
      expect(toHex(root)).toBe(toHex(mth(leaves.slice(0, n))));
      for (let m = 0; m < n; m++) {
        const p = tree.inclusionProof(m, n);
        expect(hex(p)).toEqual(hex(path(m, leaves.slice(0, n))));
        expect(verifyInclusion(leafHash(leaves[m]), m, n, p, root)).toBe(true);
      }
    }
  });

  it('consistency proofs are PROOF(m, D[n]) and verify, for every 0 < m ≤ n ≤ 33', () => {
    for (let n = 1; n <= leaves.length; n++) {
      for (let m = 1; m <= n; m++) {
        const p = tree.consistencyProof(m, n);
        expect(hex(p)).toEqual(hex(m === n ? [] : proof(m, leaves.slice(0, n))));
        expect(verifyConsistency(m, n, tree.root(m), tree.root(n), p)).toBe(true);
      }
    }
  });

  it('plans read O(log n) stored subtrees, even at 10 million leaves', () => {
    const n = 10_000_000;
    for (const m of [0, 1, 4_999_999, n - 1]) expect(inclusionPlan(m, n).flat().length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n)));
    for (const m of [1, 3, 4_999_999, n - 1]) expect(consistencyPlan(m, n).flat().length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n)));
  });
});

describe('laws (fast-check)', () => {
  const leavesArb = fc.array(fc.uint8Array({ maxLength: 8 }), { minLength: 1, maxLength: 70 });

  it('a proof for one tree fails for any other leaf, index, or root', () => {
    fc.assert(
      fc.property(leavesArb, fc.nat(), fc.nat(), (leaves, a, b) => {
        const tree = treeOf(leaves);
        const n = leaves.length;
        const m = a % n;
        const p = tree.inclusionProof(m, n);
        const root = tree.root();
        expect(verifyInclusion(leafHash(leaves[m]), m, n, p, root)).toBe(true);
        expect(verifyInclusion(leafHash(Uint8Array.of(...leaves[m], 1)), m, n, p, root)).toBe(false);
        const other = n > 1 ? (m + 1 + (b % (n - 1))) % n : m;
        if (other !== m && toHex(leaves[other]) !== toHex(leaves[m])) expect(verifyInclusion(leafHash(leaves[other]), m, n, p, root)).toBe(false);
        // Another root, whatever the leaves: a fixed leaf's hash would be the root itself for a one-leaf tree of that leaf.
        const otherRoot = Uint8Array.from(root, (byte, i) => (i === b % root.length ? byte ^ 1 : byte));
        expect(verifyInclusion(leafHash(leaves[m]), m, n, p, otherRoot)).toBe(false);
      }),
      { numRuns: 60, examples: [[[Uint8Array.of(9)], 0, 0]] },
    );
  });

  it('consistency holds for an extension and fails for a rewrite of any earlier leaf', () => {
    fc.assert(
      fc.property(leavesArb, fc.nat(), fc.nat(), (leaves, a, b) => {
        const n = leaves.length;
        const m = 1 + (a % n);
        const tree = treeOf(leaves);
        const p = tree.consistencyProof(m, n);
        expect(verifyConsistency(m, n, tree.root(m), tree.root(n), p)).toBe(true);
        const rewritten = leaves.slice();
        const at = b % m;
        rewritten[at] = Uint8Array.of(...rewritten[at], 0xff);
        const forked = treeOf(rewritten);
        expect(verifyConsistency(m, n, tree.root(m), forked.root(n), forked.consistencyProof(m, n))).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('the frontier’s nodes are the tree’s: appending computes only what the leaf completes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (size) => {
        const tree = treeOf(Array.from({ length: size }, (_, i) => Uint8Array.of(i % 256, size % 256)));
        const leaf = leafHash(Uint8Array.of(1));
        const { nodes, frontier } = appendToFrontier(frontierOf(tree), size, leaf);
        expect(nodes.length).toBe(1 + trailingOnes(size));
        tree.appendLeafHash(leaf);
        expect(frontier.map(toHex)).toEqual(frontierOf(tree).map(toHex));
        for (const node of nodes) expect(toHex(node.hash)).toBe(toHex(tree.nodeAt(node)));
      }),
      { numRuns: 40 },
    );
  });
});

function trailingOnes(n: number): number {
  let count = 0;
  while (n % 2 === 1) {
    count++;
    n = Math.floor(n / 2);
  }
  return count;
}

function frontierOf(tree: MemoryTree): Uint8Array[] {
  const refs = [];
  let start = 0;
  let rest = tree.size;
  for (let size = 2 ** 30; size >= 1; size /= 2) {
    if (rest >= size) {
      refs.push(tree.nodeAt({ level: Math.log2(size), index: start / size }));
      start += size;
      rest -= size;
    }
  }
  return refs;
}

describe('tree heads', () => {
  it('verifies a Node-signed head (Ed25519) and refuses any change of it', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const raw = publicKey.export({ format: 'jwk' }).x as string;
    const publicHex = Buffer.from(raw, 'base64url').toString('hex');
    const head = { treeSize: 8, rootHash: CT_ROOTS[7], timestamp: '2026-11-26T12:00:00.000Z' };
    expect(new TextDecoder().decode(treeHeadStatement(head))).toBe(`fairdraw-draw-log-tree-head/1\n8\n${CT_ROOTS[7]}\n2026-11-26T12:00:00.000Z\n`);
    const signature = sign(null, treeHeadStatement(head), privateKey).toString('hex');
    expect(verifyTreeHead(head, signature, publicHex)).toBe(true);
    expect(verifyTreeHead({ ...head, treeSize: 9 }, signature, publicHex)).toBe(false);
    expect(verifyTreeHead({ ...head, rootHash: CT_ROOTS[6] }, signature, publicHex)).toBe(false);
    expect(verifyTreeHead(head, 'zz', publicHex)).toBe(false);
  });
});
