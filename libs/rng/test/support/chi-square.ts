/** Pearson's statistic of observed counts against expected counts. */
export function chiSquare(observed: ArrayLike<number>, expected: ArrayLike<number>): number {
  let statistic = 0;
  for (let i = 0; i < observed.length; i++) {
    const diff = observed[i] - expected[i];
    statistic += (diff * diff) / expected[i];
  }
  return statistic;
}

/**
 * Upper 0.001 critical values of the chi-square distribution (tables; df 99 from the Wilson-Hilferty
 * approximation, which is within 0.1 of the exact 148.23 there). A correct generator exceeds them
 * with probability 0.001 per test; with fixed seeds the outcome is the same on every run.
 */
export const CHI_SQUARE_CRITICAL_0_001: Record<number, number> = {
  1: 10.828,
  2: 13.816,
  3: 16.266,
  6: 22.458,
  99: 148.23,
};
