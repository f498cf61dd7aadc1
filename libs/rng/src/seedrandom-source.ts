import seedrandom from 'seedrandom';
import type { RandomSource } from './random-source.js';

/**
 * The free generators' source: seedrandom's default ARC4 generator (RC4-drop[256], keyed by seedrandom's
 * mixing of the seed string's UTF-16 code units), one word = `prng.int32() >>> 0`, i.e. the next four
 * ARC4 output bytes, first byte most significant. Pure JavaScript, so the same seed string gives the
 * same words in any runtime that runs seedrandom 3.x.
 */
export function createSeedrandomSource(seed: string): RandomSource {
  if (typeof seed !== 'string') throw new TypeError('seed must be a string');
  // `global: false` so seeding never replaces Math.random, whatever `this` is at the call site.
  const prng = seedrandom(seed, { global: false });
  return { nextUint32: () => prng.int32() >>> 0 };
}
