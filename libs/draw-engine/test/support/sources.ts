import type { RandomSource } from '#rng';

/** A source that must not be read (validation happens before any pick). */
export const untouchableSource: RandomSource = {
  nextUint32(): number {
    throw new Error('the random source was read');
  },
};

/** Wraps a source and counts the words taken from it. */
export class CountingSource implements RandomSource {
  consumed = 0;

  constructor(private readonly inner: RandomSource) {}

  nextUint32(): number {
    this.consumed++;
    return this.inner.nextUint32();
  }
}
