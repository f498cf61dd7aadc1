import type { RandomSource } from '../../src/index.js';

/** Serves the given words in order and fails loudly when asked for more: consumption is part of the spec. */
export class ScriptedSource implements RandomSource {
  private index = 0;

  constructor(private readonly words: readonly number[]) {}

  get consumed(): number {
    return this.index;
  }

  nextUint32(): number {
    if (this.index >= this.words.length) throw new Error(`scripted source exhausted after ${this.index} words`);
    return this.words[this.index++];
  }
}

/** Wraps a source and counts the words taken from it. */
export class CountingSource implements RandomSource {
  consumed = 0;

  constructor(private readonly inner: RandomSource) {}

  nextUint32(): number {
    this.consumed++;
    return this.inner.nextUint32();
  }
}
