import { randomFillSync } from 'node:crypto';
import { BufferedSource } from './buffered-source.js';
import type { RandomSource } from './random-source.js';

/** 16 KiB: 4096 words per syscall, small enough that an idle source holds little memory. */
export const CRYPTO_SOURCE_BUFFER_BYTES = 16 * 1024;

/** The OS CSPRNG (node:crypto randomFillSync), read in buffered blocks. Not reproducible by design. */
export function createCryptoSource(bufferBytes: number = CRYPTO_SOURCE_BUFFER_BYTES): RandomSource {
  return new BufferedSource((words) => {
    randomFillSync(words);
  }, bufferBytes);
}
