import fc from 'fast-check';
import { CountTree, leafArrayFor } from '../src/count-tree.js';

function naiveFind(values: number[], t: number): { leaf: number; rest: number } {
  let before = 0;
  for (let i = 0; i < values.length; i++) {
    if (t < before + values[i]) return { leaf: i, rest: t - before };
    before += values[i];
  }
  throw new Error('t out of range');
}

describe('CountTree', () => {
  it('finds the leaf covering every position and follows point updates (any size, any magnitude)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2 ** 20 }), fc.integer({ min: 0, max: 2 ** 43 })), {
          minLength: 1,
          maxLength: 700,
        }),
        fc.array(fc.tuple(fc.nat(), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })), { maxLength: 60 }),
        (values, steps) => {
          const current = [...values];
          const leaves = leafArrayFor(values.length, Math.max(...values));
          leaves.set(values);
          const tree = new CountTree(
            leaves,
            values.reduce((a, b) => a + b, 0),
          );
          for (const [which, fraction] of steps) {
            const total = current.reduce((a, b) => a + b, 0);
            expect(tree.total).toBe(total);
            if (total === 0) break;
            const t = Math.floor(fraction * total);
            const { leaf, rest } = naiveFind(current, t);
            expect(tree.find(t)).toBe(leaf);
            expect(tree.rest).toBe(rest);
            // Remove part of a leaf, chosen independently of the find, to move the sums around.
            const target = which % current.length;
            const delta = -Math.ceil(current[target] / 2);
            tree.add(target, delta);
            current[target] += delta;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finds the first and last ticket of a large tree exactly (Float64 sums above 2^31)', () => {
    const leaves = leafArrayFor(100_000, 2 ** 35);
    leaves.fill(2 ** 35);
    const tree = new CountTree(leaves, 100_000 * 2 ** 35);
    expect(tree.find(0)).toBe(0);
    expect(tree.find(100_000 * 2 ** 35 - 1)).toBe(99_999);
    expect(tree.rest).toBe(2 ** 35 - 1);
    expect(tree.find(2 ** 35)).toBe(1);
  });

  it('picks the narrowest leaf array', () => {
    expect(leafArrayFor(1, 255)).toBeInstanceOf(Uint8Array);
    expect(leafArrayFor(1, 256)).toBeInstanceOf(Uint16Array);
    expect(leafArrayFor(1, 65_536)).toBeInstanceOf(Uint32Array);
    expect(leafArrayFor(1, 2 ** 32)).toBeInstanceOf(Float64Array);
  });
});
