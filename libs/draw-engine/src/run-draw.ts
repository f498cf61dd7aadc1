import type { RandomSource } from '#rng';
import { DrawInputError } from './draw-input-error.js';
import { buildEntrantIndex, type EntrantLayoutChoice } from './entrant-index.js';
import { drawSimple } from './simple-draw.js';
import type { DrawInput, DrawOutcome } from './types.js';
import { checkEntrantIds, checkEntryCount, checkLength, checkPrizes, scanTickets, scanUncheckedTicketsAndIds, shortfallError, type PickCounts } from './validate.js';
import { drawEntrants, drawRows, drawTickets, ticketTree } from './weighted-draw.js';

/**
 * Draws the winners and reserves of every prize. Picks happen in this order: the winners of prize 1,
 * prize 2, ... then the reserves of prize 1, prize 2, ...; one pick takes t = uniformInt(source, T) for
 * T the remaining tickets and the row whose remaining tickets, in row order, cover position t. That
 * row loses a ticket; with oneWinPerEntrant every row of its entrant loses all of them.
 * The input is fully checked before the source is first read: a DrawInputError leaves it untouched.
 */
export function runDraw(input: DrawInput, source: RandomSource): DrawOutcome {
  return runDrawWith(input, source, {});
}

/**
 * Internal choices that never change an outcome, only its cost; tests pin them to prove exactly that.
 */
export interface DrawTuning {
  /** Layout of the entrant index (default: chosen from the number of picks). */
  entrantLayout?: EntrantLayoutChoice;
  /** Rows per bucket of a simple draw, a power of two (default: chosen from N and the picks). */
  simpleBucketSize?: number;
}

export function runDrawWith(input: DrawInput, source: RandomSource, tuning: DrawTuning): DrawOutcome {
  if (input === null || typeof input !== 'object') {
    throw new DrawInputError('INVALID_INPUT', 'the draw input must be an object');
  }
  if (typeof input.oneWinPerEntrant !== 'boolean') {
    throw new DrawInputError('INVALID_INPUT', `oneWinPerEntrant must be true or false, got ${String(input.oneWinPerEntrant)}`);
  }
  const rowCount = checkEntryCount(input.entryCount);
  const counts = checkPrizes(input.prizes);
  const tickets = input.tickets ?? null;
  const entrantOf = input.entrantOf ?? null;
  const oneWin = input.oneWinPerEntrant;
  let total = rowCount;
  let maxTicket = 1;
  let eligibleRows = rowCount;
  let maxId = -1;
  if (tickets !== null) checkLength('tickets', tickets, rowCount);
  // The fused scan only once entrantOf's length is right: a wrong length must fail as LENGTH_MISMATCH, after the tickets.
  const both = tickets !== null && entrantOf !== null && entrantOf.length === rowCount ? scanUncheckedTicketsAndIds(tickets, entrantOf) : null;
  if (both !== null) {
    ({ total, max: maxTicket, positive: eligibleRows, maxId } = both);
  } else {
    if (tickets !== null) ({ total, max: maxTicket, positive: eligibleRows } = scanTickets(tickets));
    if (entrantOf !== null) {
      checkLength('entrantOf', entrantOf, rowCount);
      maxId = checkEntrantIds(entrantOf);
    }
  }
  const picks: number[] = [];
  const needed = counts.winners + counts.reserves;

  if (tickets === null && (entrantOf === null || !oneWin)) {
    // Every row holds one ticket and a pick removes its row, whatever oneWinPerEntrant says.
    if (needed > rowCount) throw shortfallError(counts, oneWin ? 'entrants' : 'entries', rowCount);
    drawSimple(rowCount, needed, source, picks, tuning.simpleBucketSize);
  } else if (oneWin && entrantOf !== null) {
    const index = buildEntrantIndex(entrantOf, tickets, maxId, needed, tuning.entrantLayout);
    if (needed > index.eligible) throw shortfallError(counts, 'entrants', index.eligible);
    drawEntrants(ticketTree(rowCount, tickets, maxTicket, total), index, needed, source, picks);
  } else if (oneWin) {
    if (needed > eligibleRows) throw shortfallError(counts, 'entrants', eligibleRows);
    drawRows(ticketTree(rowCount, tickets, maxTicket, total), needed, source, picks);
  } else {
    if (needed > total) throw shortfallError(counts, 'tickets', total);
    drawTickets(ticketTree(rowCount, tickets, maxTicket, total), needed, source, picks);
  }
  return { prizes: assign(input.prizes, counts, picks) };
}

function assign(prizes: DrawInput['prizes'], counts: PickCounts, picks: number[]): DrawOutcome['prizes'] {
  let winner = 0;
  let reserve = counts.winners;
  // A list that takes every pick is `picks` itself: no copy of a million rows (and no two lists share it).
  const take = (from: number, count: number) => (count > 0 && count === picks.length ? picks : picks.slice(from, from + count));
  return prizes.map((prize) => {
    const winners = take(winner, prize.quantity);
    const reserves = take(reserve, prize.reserves);
    winner += prize.quantity;
    reserve += prize.reserves;
    return { winners, reserves };
  });
}
