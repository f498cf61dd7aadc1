import { createSeededSource } from '#rng';
import { runDraw, type DrawInput, type DrawOutcome } from '../src/index.js';
import { referenceDraw } from './support/reference-draw.js';

// Frozen outcomes, the same as the test vectors in libs/draw-engine/README.md. Certificates promise
// that anyone can re-run a draw: if one of these changes, every published draw stops verifying.
const SEED_00_1F = Uint8Array.from({ length: 32 }, (_, i) => i);

const VECTORS: { name: string; seed: string | Uint8Array; input: DrawInput; expected: DrawOutcome; checkReference: boolean }[] = [
  {
    name: 'simple draw: 3 winners and 2 reserves from 10 entries',
    seed: 'fairdraw',
    input: { entryCount: 10, prizes: [{ quantity: 3, reserves: 2 }], oneWinPerEntrant: false },
    expected: { prizes: [{ winners: [3, 1, 4], reserves: [8, 9] }] },
    checkReference: true,
  },
  {
    name: 'weighted draw, one win per entrant, two prizes with reserves, 32-byte seed',
    seed: SEED_00_1F,
    input: {
      entryCount: 8,
      tickets: [1, 2, 0, 5, 1, 1, 3, 2],
      entrantOf: [0, 1, 2, 3, 1, 4, 5, 3],
      prizes: [
        { quantity: 2, reserves: 1 },
        { quantity: 1, reserves: 1 },
      ],
      oneWinPerEntrant: true,
    },
    expected: {
      prizes: [
        { winners: [4, 3], reserves: [0] },
        { winners: [6], reserves: [5] },
      ],
    },
    checkReference: true,
  },
  {
    name: 'weighted draw without one win per entrant: a row may win twice',
    seed: 'fairdraw',
    input: { entryCount: 4, tickets: [3, 0, 1, 2], prizes: [{ quantity: 3, reserves: 1 }], oneWinPerEntrant: false },
    expected: { prizes: [{ winners: [3, 0, 2], reserves: [3] }] },
    checkReference: true,
  },
  {
    name: 'simple draw: 5 winners from 1,000,000 entries',
    seed: 'fairdraw',
    input: { entryCount: 1_000_000, prizes: [{ quantity: 5, reserves: 0 }], oneWinPerEntrant: true },
    expected: { prizes: [{ winners: [419263, 395515, 130744, 176817, 249373], reserves: [] }] },
    checkReference: true,
  },
  {
    name: 'simple draw: 3 winners from 2^53 - 1 entries (53-bit picks)',
    seed: 'fairdraw',
    input: { entryCount: 2 ** 53 - 1, prizes: [{ quantity: 3, reserves: 0 }], oneWinPerEntrant: false },
    expected: { prizes: [{ winners: [5954693111425147, 3663991986746267, 4551321781462124], reserves: [] }] },
    checkReference: false,
  },
];

describe('frozen draw outcomes (README test vectors)', () => {
  it.each(VECTORS)('$name', ({ seed, input, expected, checkReference }) => {
    expect(runDraw(input, createSeededSource(seed))).toEqual(expected);
    if (checkReference) expect(referenceDraw(input, createSeededSource(seed))).toEqual(expected);
  });

  it('a large one-win draw: 3 winners and 2 reserves from 6.3M weighted rows, entrants of two rows', () => {
    const rows = 6_300_000;
    const tickets = new Uint8Array(rows);
    const entrantOf = new Uint32Array(rows);
    for (let i = 0; i < rows; i++) {
      tickets[i] = 1 + (i % 10);
      entrantOf[i] = i >> 1;
    }
    const outcome = runDraw({ entryCount: rows, tickets, entrantOf, prizes: [{ quantity: 3, reserves: 2 }], oneWinPerEntrant: true }, createSeededSource('fairdraw'));
    expect(outcome).toEqual({ prizes: [{ winners: [5958048, 4444627, 2659809], reserves: [5895079, 3990033] }] });
  });
});
