import { createSeededSource } from '#rng';
import { DrawInputError, runDraw, type DrawInput } from '../src/index.js';
import { untouchableSource } from './support/sources.js';

const base: DrawInput = { entryCount: 4, prizes: [{ quantity: 1, reserves: 0 }], oneWinPerEntrant: false };

function refusal(input: unknown): DrawInputError {
  try {
    runDraw(input as DrawInput, untouchableSource);
  } catch (error) {
    expect(error).toBeInstanceOf(DrawInputError);
    return error as DrawInputError;
  }
  throw new Error('the draw was not refused');
}

// Every refusal happens before the first pick: the source used here throws if it is read at all.
describe('runDraw refuses bad input, naming the problem, without touching the source', () => {
  it.each([
    [null, 'INVALID_INPUT', 'the draw input must be an object'],
    [{ ...base, oneWinPerEntrant: 'yes' }, 'INVALID_INPUT', 'oneWinPerEntrant must be true or false, got yes'],
    [{ ...base, entryCount: -1 }, 'INVALID_ENTRY_COUNT', 'entryCount must be a non-negative safe integer, got -1'],
    [{ ...base, entryCount: 2.5 }, 'INVALID_ENTRY_COUNT', 'entryCount must be a non-negative safe integer, got 2.5'],
    [{ ...base, entryCount: 2 ** 53 }, 'INVALID_ENTRY_COUNT', 'entryCount must be a non-negative safe integer, got 9007199254740992'],
    [{ ...base, entryCount: '4' }, 'INVALID_ENTRY_COUNT', 'entryCount must be a non-negative safe integer, got 4'],
    [{ ...base, prizes: undefined }, 'INVALID_PRIZES', 'prizes must be an array'],
    [
      {
        ...base,
        prizes: [
          { quantity: 1, reserves: 0 },
          { quantity: -2, reserves: 0 },
        ],
      },
      'INVALID_PRIZES',
      'prize 2: quantity must be a non-negative integer, got -2',
    ],
    [{ ...base, prizes: [{ quantity: 1, reserves: 0.5 }] }, 'INVALID_PRIZES', 'prize 1: reserves must be a non-negative integer, got 0.5'],
    [{ ...base, prizes: [null] }, 'INVALID_PRIZES', 'prize 1: quantity must be a non-negative integer, got undefined'],
    [{ ...base, tickets: [1, 1, 1] }, 'LENGTH_MISMATCH', 'tickets has 3 values but entryCount is 4'],
    [{ ...base, entrantOf: [0, 1, 2, 3, 4] }, 'LENGTH_MISMATCH', 'entrantOf has 5 values but entryCount is 4'],
    [{ ...base, tickets: [1, -1, 1, 1] }, 'INVALID_TICKET_COUNT', 'row 1: ticket count must be a non-negative integer, got -1'],
    [{ ...base, tickets: [1, 1, 1.5, 1] }, 'INVALID_TICKET_COUNT', 'row 2: ticket count must be a non-negative integer, got 1.5'],
    [{ ...base, tickets: [1, 1, 1, NaN] }, 'INVALID_TICKET_COUNT', 'row 3: ticket count must be a non-negative integer, got NaN'],
    [{ ...base, entrantOf: [0, 0, -3, 1] }, 'INVALID_ENTRANT_ID', 'row 2: entrant id must be a non-negative integer, got -3'],
    [{ ...base, entryCount: 3, tickets: [2 ** 52, 2 ** 52, 1] }, 'TOO_MANY_TICKETS', 'the draw holds more than 2^53 (9007199254740992) tickets in total'],
  ])('%j -> %s', (input, code, message) => {
    const error = refusal(input);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.name).toBe('DrawInputError');
  });

  it('reports the row of a row-level problem', () => {
    expect(refusal({ ...base, tickets: [1, 1, -1, 1] }).row).toBe(2);
    expect(refusal({ ...base, entrantOf: [0, 0.5, 1, 1] }).row).toBe(1);
  });

  it('says how many entrants are short with one win per entrant', () => {
    const input: DrawInput = {
      entryCount: 6,
      tickets: [1, 2, 0, 1, 3, 1],
      entrantOf: [10, 11, 12, 11, 13, 14], // entrant 12 holds no ticket: 4 eligible
      prizes: [
        { quantity: 2, reserves: 1 },
        { quantity: 1, reserves: 1 },
      ],
      oneWinPerEntrant: true,
    };
    const error = refusal(input);
    expect(error.code).toBe('NOT_ENOUGH_ENTRANTS');
    expect(error.message).toBe('3 prizes and 2 reserves need 5 entrants but only 4 are eligible');
  });

  it('counts each row as its own entrant when there are no entrant ids', () => {
    const error = refusal({ entryCount: 3, tickets: [0, 5, 0], prizes: [{ quantity: 1, reserves: 1 }], oneWinPerEntrant: true });
    expect(error.message).toBe('1 prize and 1 reserve need 2 entrants but only 1 is eligible');
  });

  it('says how many tickets are short without one win per entrant', () => {
    const error = refusal({ entryCount: 3, tickets: [1, 0, 1], prizes: [{ quantity: 2, reserves: 1 }], oneWinPerEntrant: false });
    expect(error.code).toBe('NOT_ENOUGH_TICKETS');
    expect(error.message).toBe('2 prizes and 1 reserve need 3 tickets but only 2 are in the draw');
  });

  it('says how many entries are short in a simple draw', () => {
    const error = refusal({ entryCount: 2, prizes: [{ quantity: 3, reserves: 0 }], oneWinPerEntrant: false });
    expect(error.code).toBe('NOT_ENOUGH_ENTRIES');
    expect(error.message).toBe('3 prizes and 0 reserves need 3 entries but only 2 are in the draw');
    expect(refusal({ entryCount: 2, prizes: [{ quantity: 3, reserves: 0 }], oneWinPerEntrant: true }).message).toBe('3 prizes and 0 reserves need 3 entrants but only 2 are eligible');
  });

  it('checks entrant ids even when they do not matter (no one-win rule)', () => {
    expect(refusal({ ...base, entrantOf: [0, 1, 2, Infinity] }).code).toBe('INVALID_ENTRANT_ID');
  });

  it('draws nothing, reading nothing, when nothing is asked', () => {
    expect(runDraw({ entryCount: 0, prizes: [], oneWinPerEntrant: true }, untouchableSource)).toEqual({ prizes: [] });
    expect(runDraw({ entryCount: 0, tickets: [], entrantOf: [], prizes: [{ quantity: 0, reserves: 0 }], oneWinPerEntrant: true }, untouchableSource)).toEqual({
      prizes: [{ winners: [], reserves: [] }],
    });
  });

  it('checks typed arrays as it checks plain arrays (unsigned ones skip checks they cannot fail)', () => {
    // 2^21 + 1 rows of 2^32 - 1 tickets pass 2^53 at the last row: a Uint32Array this long keeps the checks.
    const rows = 2 ** 21 + 1;
    const huge = refusal({ ...base, entryCount: rows, tickets: new Uint32Array(rows).fill(0xffffffff) });
    expect(huge.code).toBe('TOO_MANY_TICKETS');
    expect(huge.row).toBe(rows - 1);
    expect(refusal({ ...base, tickets: Int32Array.of(1, 1, -1, 1) }).row).toBe(2);
    expect(refusal({ ...base, tickets: Float64Array.of(1, 0.5, 1, 1) }).code).toBe('INVALID_TICKET_COUNT');
    expect(refusal({ ...base, entrantOf: Int32Array.of(0, 1, -2, 3) }).row).toBe(2);
    const plain: DrawInput = {
      entryCount: 6,
      tickets: [1, 0, 3, 255, 2, 1],
      entrantOf: [4, 4, 0, 2, 9, 2],
      prizes: [{ quantity: 2, reserves: 1 }],
      oneWinPerEntrant: true,
    };
    const seeded = () => {
      let word = 0x9e3779b9;
      return { nextUint32: () => (word = (Math.imul(word, 1664525) + 1013904223) >>> 0) };
    };
    const expected = runDraw(plain, seeded());
    for (const [tickets, entrantOf] of [
      [Uint8Array.from(plain.tickets!), Uint32Array.from(plain.entrantOf!)],
      [Uint16Array.from(plain.tickets!), Uint16Array.from(plain.entrantOf!)],
      [Uint32Array.from(plain.tickets!), Uint8Array.from(plain.entrantOf!)],
    ]) {
      expect(runDraw({ ...plain, tickets, entrantOf }, seeded())).toEqual(expected);
    }
    expect(refusal({ ...plain, tickets: Uint8Array.of(1, 0, 0, 0, 0, 1), entrantOf: Uint32Array.from(plain.entrantOf!) }).code).toBe('NOT_ENOUGH_ENTRANTS');
  });

  it('typed arrays longer than one int32 partial sum draw as plain arrays do', () => {
    // 70,000 rows: the unchecked scan sums 32,768 rows at a time, so this crosses two chunk ends.
    const rows = 70_000;
    let word = 12345;
    const next = () => (word = (Math.imul(word, 1664525) + 1013904223) >>> 0);
    const tickets = Array.from({ length: rows }, () => (next() % 4 === 0 ? 0 : next() % 300));
    const entrantOf = Array.from({ length: rows }, () => next() % 40_000);
    const input = (t: ArrayLike<number>, e: ArrayLike<number>): DrawInput => ({
      entryCount: rows,
      tickets: t,
      entrantOf: e,
      prizes: [{ quantity: 500, reserves: 20 }],
      oneWinPerEntrant: true,
    });
    const draw = (t: ArrayLike<number>, e: ArrayLike<number>) => runDraw(input(t, e), createSeededSource('chunks'));
    const expected = draw(tickets, entrantOf);
    expect(draw(Uint16Array.from(tickets), Uint32Array.from(entrantOf))).toEqual(expected);
    expect(draw(Uint32Array.from(tickets), Uint16Array.from(entrantOf))).toEqual(expected);
  });

  it('accepts a total of exactly 2^53 tickets', () => {
    const input: DrawInput = { entryCount: 2, tickets: [2 ** 52, 2 ** 52], prizes: [{ quantity: 1, reserves: 0 }], oneWinPerEntrant: false };
    let reads = 0;
    const outcome = runDraw(input, { nextUint32: () => (reads++ === 0 ? 0xfffff800 : 0xffffffff) });
    // x = (0xfffff800 >>> 11) * 2^32 + 0xffffffff = 2^53 - 1: the very last ticket, in row 1.
    expect(outcome.prizes[0].winners).toEqual([1]);
  });
});
