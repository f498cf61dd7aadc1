import { DrawInputError } from './draw-input-error.js';
import type { PrizeSpec } from './types.js';

/** uniformInt's largest bound: the total of tickets in the draw must not exceed it. */
const MAX_TOTAL_TICKETS = 2 ** 53;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function checkEntryCount(entryCount: unknown): number {
  if (!isCount(entryCount)) {
    throw new DrawInputError('INVALID_ENTRY_COUNT', `entryCount must be a non-negative safe integer, got ${String(entryCount)}`);
  }
  return entryCount;
}

export interface PickCounts {
  winners: number;
  reserves: number;
}

export function checkPrizes(prizes: unknown): PickCounts {
  if (!Array.isArray(prizes)) throw new DrawInputError('INVALID_PRIZES', 'prizes must be an array');
  let winners = 0;
  let reserves = 0;
  prizes.forEach((prize: Partial<PrizeSpec> | null | undefined, i) => {
    const quantity = prize?.quantity;
    const reserveCount = prize?.reserves;
    if (!isCount(quantity)) {
      throw new DrawInputError('INVALID_PRIZES', `prize ${i + 1}: quantity must be a non-negative integer, got ${String(quantity)}`);
    }
    if (!isCount(reserveCount)) {
      throw new DrawInputError('INVALID_PRIZES', `prize ${i + 1}: reserves must be a non-negative integer, got ${String(reserveCount)}`);
    }
    winners += quantity;
    reserves += reserveCount;
  });
  if (!Number.isSafeInteger(winners + reserves)) {
    throw new DrawInputError('INVALID_PRIZES', 'the total of winners and reserves is too large');
  }
  return { winners, reserves };
}

export function checkLength(name: string, values: ArrayLike<number>, entryCount: number): void {
  if (values == null || typeof values.length !== 'number') {
    throw new DrawInputError('LENGTH_MISMATCH', `${name} must be an array of ${entryCount} numbers`);
  }
  if (values.length !== entryCount) {
    throw new DrawInputError('LENGTH_MISMATCH', `${name} has ${values.length} values but entryCount is ${entryCount}`);
  }
}

export interface TicketScan {
  /** Exact: it is kept at or below 2^53. */
  total: number;
  max: number;
  /** Rows holding at least one ticket. */
  positive: number;
}

/**
 * Unsigned integer arrays whose every value is a valid ticket count or entrant id, and the largest
 * value each can hold: their rows need no per-value check.
 */
function uncheckedMax(values: ArrayLike<number>): number {
  if (values instanceof Uint8Array || values instanceof Uint8ClampedArray) return 0xff;
  if (values instanceof Uint16Array) return 0xffff;
  if (values instanceof Uint32Array) return 0xffffffff;
  return -1;
}

/** Checks every ticket count and sums them. */
export function scanTickets(tickets: ArrayLike<number>): TicketScan {
  const largest = uncheckedMax(tickets);
  // Unsigned typed arrays hold valid counts only, and when even all-maximal rows stay within 2^53
  // no running total can pass it: the checks below cannot fail and the loop only sums.
  if (largest >= 0 && largest * tickets.length <= MAX_TOTAL_TICKETS) return sumUnchecked(tickets, largest, null);
  let total = 0;
  let max = 0;
  let positive = 0;
  for (let i = 0; i < tickets.length; i++) {
    const t = tickets[i];
    if (!isCount(t)) {
      throw new DrawInputError('INVALID_TICKET_COUNT', `row ${i}: ticket count must be a non-negative integer, got ${String(t)}`, i);
    }
    // Compared before adding, so `total` never leaves the range where doubles are exact.
    if (t > MAX_TOTAL_TICKETS - total) {
      throw new DrawInputError('TOO_MANY_TICKETS', `the draw holds more than 2^53 (${MAX_TOTAL_TICKETS}) tickets in total`, i);
    }
    total += t;
    if (t > max) max = t;
    if (t > 0) positive++;
  }
  return { total, max, positive };
}

/**
 * `scanTickets` and `checkEntrantIds` in one pass, when neither can fail (unsigned typed arrays whose
 * rows cannot pass 2^53 tickets): one loop over millions of rows instead of two. Otherwise null, and the
 * caller runs the two checks in their order.
 */
export function scanUncheckedTicketsAndIds(tickets: ArrayLike<number>, entrantOf: ArrayLike<number>): (TicketScan & { maxId: number }) | null {
  const largest = uncheckedMax(tickets);
  if (largest < 0 || largest * tickets.length > MAX_TOTAL_TICKETS || uncheckedMax(entrantOf) < 0) return null;
  return sumUnchecked(tickets, largest, entrantOf);
}

/**
 * Sums in int32 partial sums of at most CHUNK rows (exact while `largest` * CHUNK < 2^31): V8 keeps the
 * loop in integer registers, about twice as fast as a running double total. Wider counts use doubles.
 */
const CHUNK = 32768;

function sumUnchecked(tickets: ArrayLike<number>, largest: number, entrantOf: ArrayLike<number> | null): TicketScan & { maxId: number } {
  const n = tickets.length;
  let total = 0;
  let max = 0;
  let positive = 0;
  let maxId = -1;
  if (largest > 0xffff) {
    for (let i = 0; i < n; i++) {
      const t = tickets[i];
      total += t;
      if (t > max) max = t;
      if (t > 0) positive++;
    }
    if (entrantOf !== null) maxId = maxOf(entrantOf);
    return { total, max, positive, maxId };
  }
  let maxIdSeen = 0;
  for (let from = 0; from < n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK);
    let sum = 0;
    if (entrantOf === null) {
      for (let i = from; i < to; i++) {
        const t = tickets[i] | 0;
        sum = (sum + t) | 0;
        if (t > max) max = t;
        // 1 when t > 0: the sign bit of -t.
        positive = (positive + (-t >>> 31)) | 0;
      }
    } else {
      for (let i = from; i < to; i++) {
        const t = tickets[i] | 0;
        const id = entrantOf[i] >>> 0;
        sum = (sum + t) | 0;
        if (t > max) max = t;
        positive = (positive + (-t >>> 31)) | 0;
        if (id > maxIdSeen) maxIdSeen = id;
      }
    }
    total += sum;
  }
  if (entrantOf !== null && n > 0) maxId = maxIdSeen;
  return { total, max, positive, maxId };
}

function maxOf(values: ArrayLike<number>): number {
  let max = -1;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  return max;
}

/** Checks every entrant id and returns the largest (-1 when there are no rows). */
export function checkEntrantIds(entrantOf: ArrayLike<number>): number {
  // Unsigned typed arrays hold non-negative integers only.
  if (uncheckedMax(entrantOf) >= 0) return maxOf(entrantOf);
  let max = -1;
  for (let i = 0; i < entrantOf.length; i++) {
    const id = entrantOf[i];
    if (!isCount(id)) {
      throw new DrawInputError('INVALID_ENTRANT_ID', `row ${i}: entrant id must be a non-negative integer, got ${String(id)}`, i);
    }
    if (id > max) max = id;
  }
  return max;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export type Shortfall = 'entrants' | 'tickets' | 'entries';

/** "3 prizes and 2 reserves need 5 entrants but only 4 are eligible", and its tickets/entries forms. */
export function shortfallError(picks: PickCounts, kind: Shortfall, available: number): DrawInputError {
  const needed = picks.winners + picks.reserves;
  const [code, unit, units, where] =
    kind === 'entrants'
      ? (['NOT_ENOUGH_ENTRANTS', 'entrant', 'entrants', 'eligible'] as const)
      : kind === 'tickets'
        ? (['NOT_ENOUGH_TICKETS', 'ticket', 'tickets', 'in the draw'] as const)
        : (['NOT_ENOUGH_ENTRIES', 'entry', 'entries', 'in the draw'] as const);
  return new DrawInputError(
    code,
    `${plural(picks.winners, 'prize')} and ${plural(picks.reserves, 'reserve')} need ` + `${plural(needed, unit, units)} but only ${available} ${available === 1 ? 'is' : 'are'} ${where}`,
  );
}
