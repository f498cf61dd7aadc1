import fc from 'fast-check';
import type { DrawInput } from '../../src/index.js';

export interface DrawCase {
  input: DrawInput;
  seed: string;
}

/** Small draws of every shape: optional tickets (often 0), optional entrant ids (often shared), any prizes. */
export function drawCase(options: { maxRows?: number; maxTickets?: number; idSpread?: 'dense' | 'sparse' } = {}): fc.Arbitrary<DrawCase> {
  const maxRows = options.maxRows ?? 24;
  const maxTickets = options.maxTickets ?? 4;
  return fc.integer({ min: 0, max: maxRows }).chain((n) =>
    fc.record({
      input: fc.record({
        entryCount: fc.constant(n),
        tickets: fc.option(fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: maxTickets })), { minLength: n, maxLength: n }), { nil: undefined }),
        entrantOf: fc.option(
          fc.array(options.idSpread === 'sparse' ? fc.integer({ min: 0, max: 4 }).map((id) => id * 2 ** 40 + 12345) : fc.integer({ min: 0, max: Math.max(1, Math.ceil(n / 2)) }), {
            minLength: n,
            maxLength: n,
          }),
          { nil: undefined },
        ),
        prizes: fc.array(fc.record({ quantity: fc.integer({ min: 0, max: 4 }), reserves: fc.integer({ min: 0, max: 3 }) }), {
          maxLength: 3,
        }),
        oneWinPerEntrant: fc.boolean(),
      }),
      seed: fc.string({ maxLength: 12 }),
    }),
  );
}

export function allPicks(outcome: { prizes: { winners: number[]; reserves: number[] }[] }): number[] {
  return [...outcome.prizes.flatMap((p) => p.winners), ...outcome.prizes.flatMap((p) => p.reserves)];
}
