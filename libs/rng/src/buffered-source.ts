import type { RandomSource } from './random-source.js';

/**
 * Serves words from a buffer that `refill` fills in one go, so a million picks cost a few dozen
 * refills rather than a million calls into the generator (or a million syscalls for the OS CSPRNG).
 * A class rather than a closure: V8 keeps the hot `nextUint32` monomorphic and inlinable.
 */
export class BufferedSource implements RandomSource {
  private readonly words: Uint32Array;
  private index: number;

  constructor(
    private readonly refill: (words: Uint32Array) => void,
    bufferBytes: number,
  ) {
    if (!Number.isInteger(bufferBytes) || bufferBytes < 4 || bufferBytes % 4 !== 0) {
      throw new RangeError(`bufferBytes must be a positive multiple of 4, got ${bufferBytes}`);
    }
    this.words = new Uint32Array(bufferBytes / 4);
    // Filled lazily so creating a source costs nothing until it is used.
    this.index = this.words.length;
  }

  nextUint32(): number {
    if (this.index === this.words.length) {
      this.refill(this.words);
      this.index = 0;
    }
    return this.words[this.index++];
  }
}
