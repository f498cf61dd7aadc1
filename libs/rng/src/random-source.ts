/** A stream of independent, uniformly distributed 32-bit words. */
export interface RandomSource {
  /** Uniform integer in [0, 2^32). */
  nextUint32(): number;
}
