import { uniformInt, type RandomSource } from '#rng';
import type { DrawInput, DrawOutcome } from '../../src/index.js';

/**
 * DESIGN.md's runDraw written as plainly as possible, O(N) per pick: the oracle the engine is compared
 * with. Returns null where the draw runs out of tickets (the engine must then refuse the input without
 * reading the source).
 */
export function referenceDraw(input: DrawInput, source: RandomSource): DrawOutcome | null {
  const n = input.entryCount;
  const remaining: number[] = [];
  for (let i = 0; i < n; i++) remaining.push(input.tickets ? input.tickets[i] : 1);
  const entrantOf = (row: number): number => (input.entrantOf ? input.entrantOf[row] : row);

  const slots: { prize: number; kind: 'winners' | 'reserves' }[] = [];
  input.prizes.forEach((prize, p) => {
    for (let q = 0; q < prize.quantity; q++) slots.push({ prize: p, kind: 'winners' });
  });
  input.prizes.forEach((prize, p) => {
    for (let q = 0; q < prize.reserves; q++) slots.push({ prize: p, kind: 'reserves' });
  });

  // A shortfall is known before the first pick: each pick removes exactly one ticket, or one whole
  // entrant holding tickets. Simulating with zero-ticket checks would read the source first.
  const total = remaining.reduce((a, b) => a + b, 0);
  const eligible = new Set<number>();
  for (let i = 0; i < n; i++) if (remaining[i] > 0) eligible.add(entrantOf(i));
  if (slots.length > (input.oneWinPerEntrant ? eligible.size : total)) return null;

  const outcome: DrawOutcome = { prizes: input.prizes.map(() => ({ winners: [], reserves: [] })) };
  for (const slot of slots) {
    const t = uniformInt(
      source,
      remaining.reduce((a, b) => a + b, 0),
    );
    let before = 0;
    let row = 0;
    while (!(before <= t && t < before + remaining[row])) {
      before += remaining[row];
      row++;
    }
    remaining[row] -= 1;
    if (input.oneWinPerEntrant) {
      for (let j = 0; j < n; j++) if (entrantOf(j) === entrantOf(row)) remaining[j] = 0;
    }
    outcome.prizes[slot.prize][slot.kind].push(row);
  }
  return outcome;
}
