import type { RandomSource } from '../../../../../libs/rng/src/random-source';

/**
 * libs/rng's createSeededSource for the browser: the ChaCha20 keystream of RFC 8439 under `key` (= SHA-256 of the
 * seed, computed with Web Crypto by the caller), zero nonce, block counter from 0, read as little-endian uint32
 * words. A block's output words are exactly those little-endian words.
 */
export function seededSourceFromKey(key: Uint8Array): RandomSource {
  if (key.length !== 32) throw new Error('A ChaCha20 key is 32 bytes.');
  const keyWords = new Uint32Array(8);
  const view = new DataView(key.buffer, key.byteOffset, key.byteLength);
  for (let i = 0; i < 8; i++) keyWords[i] = view.getUint32(i * 4, true);
  const state = new Uint32Array(16);
  const block = new Uint32Array(16);
  let counter = 0;
  let at = 16;
  const refill = () => {
    state.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
    state.set(keyWords, 4);
    state[12] = counter++;
    state[13] = state[14] = state[15] = 0;
    block.set(state);
    const quarter = (a: number, b: number, c: number, d: number) => {
      block[a] += block[b];
      block[d] ^= block[a];
      block[d] = (block[d] << 16) | (block[d] >>> 16);
      block[c] += block[d];
      block[b] ^= block[c];
      block[b] = (block[b] << 12) | (block[b] >>> 20);
      block[a] += block[b];
      block[d] ^= block[a];
      block[d] = (block[d] << 8) | (block[d] >>> 24);
      block[c] += block[d];
      block[b] ^= block[c];
      block[b] = (block[b] << 7) | (block[b] >>> 25);
    };
    for (let round = 0; round < 10; round++) {
      quarter(0, 4, 8, 12);
      quarter(1, 5, 9, 13);
      quarter(2, 6, 10, 14);
      quarter(3, 7, 11, 15);
      quarter(0, 5, 10, 15);
      quarter(1, 6, 11, 12);
      quarter(2, 7, 8, 13);
      quarter(3, 4, 9, 14);
    }
    for (let i = 0; i < 16; i++) block[i] += state[i];
    at = 0;
  };
  return {
    nextUint32: () => {
      if (at === 16) refill();
      return block[at++];
    },
  };
}
