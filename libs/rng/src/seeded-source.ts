import { createHash } from 'node:crypto';
import { BufferedSource } from './buffered-source.js';
import { littleEndianWordsInPlace } from './byte-order.js';
import { createChaCha20Keystream, type KeystreamFill } from './chacha20-keystream.js';
import type { RandomSource } from './random-source.js';

/** 64 KiB per refill: one OpenSSL call per 16,384 words keeps per-word cost at a few nanoseconds. */
const SEEDED_SOURCE_BUFFER_BYTES = 64 * 1024;

/** The seed's bytes: a string seed means its UTF-8 encoding; bytes are taken as they are. */
function seedBytes(seed: Uint8Array | string): Uint8Array {
  if (typeof seed === 'string') return Buffer.from(seed, 'utf8');
  if (seed instanceof Uint8Array) return seed;
  throw new TypeError('seed must be a Uint8Array or a string');
}

/** The ChaCha20 key of a seed: SHA-256 of the seed's bytes. */
export function seedKey(seed: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(seedBytes(seed)).digest());
}

/** The raw byte stream behind `createSeededSource`: ChaCha20 under SHA-256(seed), zero nonce, counter 0. */
export function createSeededKeystream(seed: Uint8Array | string): KeystreamFill {
  return createChaCha20Keystream(seedKey(seed));
}

/** A deterministic CSPRNG stream: the seeded keystream read 4 bytes at a time as little-endian uint32. */
export function createSeededSource(seed: Uint8Array | string, bufferBytes: number = SEEDED_SOURCE_BUFFER_BYTES): RandomSource {
  const fill = createSeededKeystream(seed);
  return new BufferedSource((words) => {
    fill(new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    littleEndianWordsInPlace(words);
  }, bufferBytes);
}
