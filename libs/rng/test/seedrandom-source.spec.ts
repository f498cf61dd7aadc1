import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { createSeedrandomSource } from '../src/index.js';

const words = (source: { nextUint32(): number }, n = 8): number[] => Array.from({ length: n }, () => source.nextUint32());

describe('createSeedrandomSource', () => {
  // Frozen: the free generators promise "same seed, same numbers" to visitors.
  it.each([
    ['', [0x3b3fa83f, 0xd355e246, 0x27e71154, 0xc453ca45, 0xd2de4f40, 0x88676229, 0xd8b205c7, 0x21d23942]],
    ['fairdraw', [0xa69ac9ce, 0xe4a0ca78, 0x61da140e, 0xee7d3be9, 0x050cb6af, 0x68a7b227, 0xf3fc1d07, 0xa7a64e5b]],
    ['hello.', [0xeda24ef3, 0x0c130d60, 0x10d75b3a, 0xc888bb50, 0x8b257534, 0x7d3cb140, 0x0218d160, 0x0f81f39d]],
  ])('golden vector for seed %j', (seed, expected) => {
    expect(words(createSeedrandomSource(seed))).toEqual(expected);
  });

  it("agrees with seedrandom's own documented example ('hello.' -> 0.9282578795792454)", () => {
    expect(seedrandom('hello.')()).toBe(0.9282578795792454);
    // The first four ARC4 bytes are the top of that double.
    expect(Math.floor(0.9282578795792454 * 2 ** 32)).toBe(createSeedrandomSource('hello.').nextUint32());
  });

  it('is prng.int32() >>> 0 of seedrandom with the same seed', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const prng = seedrandom(seed);
        expect(words(createSeedrandomSource(seed), 16)).toEqual(Array.from({ length: 16 }, () => prng.int32() >>> 0));
      }),
      { numRuns: 100 },
    );
  });

  it('leaves Math.random alone', () => {
    const random = Math.random;
    createSeedrandomSource('x').nextUint32();
    expect(Math.random).toBe(random);
  });
});
