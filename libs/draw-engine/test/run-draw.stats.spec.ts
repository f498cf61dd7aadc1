import { createSeededSource } from '#rng';
import { runDraw, type DrawInput } from '../src/index.js';

// Exact pick probabilities of small draws, enumerated from the contract, against 10^5 simulated draws
// from one fixed seed. Tolerance per cell: |p_hat - p| < 4 * sqrt(p (1 - p) / n) (and p_hat = 0 where
// p = 0). Fixed seeds make each case one deterministic experiment: it passes or fails identically on
// every run. A wrong rule (say, reserves drawn before later prizes' winners, or a row keeping its
// other tickets under one-win) moves some cell by many standard deviations.

const DRAWS = 100_000;

/** P[position][row]: probability that pick number `position` (in contract order) is `row`. */
function exactPickProbabilities(input: DrawInput): number[][] {
  const n = input.entryCount;
  const picks = input.prizes.reduce((sum, p) => sum + p.quantity + p.reserves, 0);
  const probabilities = Array.from({ length: picks }, () => new Array<number>(n).fill(0));
  const entrant = (row: number): number => (input.entrantOf ? input.entrantOf[row] : row);
  const visit = (remaining: number[], depth: number, probability: number): void => {
    if (depth === picks) return;
    const total = remaining.reduce((a, b) => a + b, 0);
    for (let row = 0; row < n; row++) {
      if (remaining[row] === 0) continue;
      const p = (probability * remaining[row]) / total;
      probabilities[depth][row] += p;
      const next = [...remaining];
      next[row] -= 1;
      if (input.oneWinPerEntrant) for (let j = 0; j < n; j++) if (entrant(j) === entrant(row)) next[j] = 0;
      visit(next, depth + 1, p);
    }
  };
  visit(
    Array.from({ length: n }, (_, i) => (input.tickets ? input.tickets[i] : 1)),
    0,
    1,
  );
  return probabilities;
}

function simulatedPickFrequencies(input: DrawInput, seed: string): number[][] {
  const picks = input.prizes.reduce((sum, p) => sum + p.quantity + p.reserves, 0);
  const counts = Array.from({ length: picks }, () => new Array<number>(input.entryCount).fill(0));
  const source = createSeededSource(seed);
  for (let d = 0; d < DRAWS; d++) {
    const outcome = runDraw(input, source);
    const order = [...outcome.prizes.flatMap((p) => p.winners), ...outcome.prizes.flatMap((p) => p.reserves)];
    order.forEach((row, position) => counts[position][row]++);
  }
  return counts.map((row) => row.map((c) => c / DRAWS));
}

function expectClose(observed: number[][], exact: number[][]): void {
  exact.forEach((row, position) =>
    row.forEach((p, r) => {
      const tolerance = 4 * Math.sqrt((p * (1 - p)) / DRAWS);
      const deviation = Math.abs(observed[position][r] - p);
      if (p === 0) expect({ position, row: r, observed: observed[position][r] }).toEqual({ position, row: r, observed: 0 });
      else expect({ position, row: r, within: deviation < tolerance }).toEqual({ position, row: r, within: true });
    }),
  );
}

describe('pick probabilities: exact enumeration vs 10^5 seeded draws', () => {
  it.each<[string, DrawInput]>([
    ['weighted, no one-win rule (a row can win again), winners then reserves', { entryCount: 6, tickets: [1, 2, 3, 0, 4, 1], prizes: [{ quantity: 2, reserves: 1 }], oneWinPerEntrant: false }],
    [
      'weighted, one win per entrant with shared entrants, two prizes with reserves',
      {
        entryCount: 8,
        tickets: [3, 1, 2, 2, 1, 0, 4, 1],
        entrantOf: [0, 1, 0, 2, 3, 3, 4, 1],
        prizes: [
          { quantity: 1, reserves: 1 },
          { quantity: 2, reserves: 0 },
        ],
        oneWinPerEntrant: true,
      },
    ],
    ['weighted, one win per entrant, each row its own entrant', { entryCount: 5, tickets: [1, 5, 1, 1, 2], prizes: [{ quantity: 2, reserves: 1 }], oneWinPerEntrant: true }],
  ])('%s', (name, input) => {
    expectClose(simulatedPickFrequencies(input, `stats ${name}`), exactPickProbabilities(input));
  });

  it('equal weights reduce to uniform: every row 1/7 at every position, 3/7 to be picked at all', () => {
    const input: DrawInput = { entryCount: 7, prizes: [{ quantity: 2, reserves: 1 }], oneWinPerEntrant: false };
    const exact = exactPickProbabilities(input);
    for (const position of exact) for (const p of position) expect(p).toBeCloseTo(1 / 7, 12);
    const observed = simulatedPickFrequencies(input, 'stats uniform');
    expectClose(observed, exact);
    for (let r = 0; r < 7; r++) {
      const included = observed.reduce((sum, position) => sum + position[r], 0);
      expect(Math.abs(included - 3 / 7)).toBeLessThan(4 * Math.sqrt(((3 / 7) * (4 / 7)) / DRAWS));
    }
    // The same with equal tickets of 3 each and one win per entrant.
    const weighted: DrawInput = { ...input, tickets: new Array<number>(7).fill(3), oneWinPerEntrant: true };
    expectClose(simulatedPickFrequencies(weighted, 'stats uniform weighted'), exact);
  });
});
