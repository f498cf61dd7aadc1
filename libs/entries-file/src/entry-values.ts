import { SPACE, TAB } from './csv-record-scanner.js';
import { MAX_TICKETS_PER_ROW } from './entries-limits.js';

/**
 * Values of the chosen columns (docs/verification.md, "Ticket counts" and "Entrant ids"). Both are read from the
 * field's value with spaces and tabs at either end removed; nothing else is trimmed or folded.
 */

/** Marks a value that is not a ticket count. */
export const INVALID_TICKETS = -1;

/**
 * A ticket count: one or more ASCII digits (leading zeros allowed), from 0 to MAX_TICKETS_PER_ROW. Anything else
 * (blank, a sign, a decimal point, a thousands separator, a quote) is invalid.
 * Reads the raw field bytes: for quoted fields without `""` they are the value; the other quoted forms contain a
 * quote character and are invalid either way.
 */
export function parseTicketCount(bytes: Uint8Array, start: number, end: number): number {
  while (start < end && (bytes[start] === SPACE || bytes[start] === TAB)) start++;
  while (end > start && (bytes[end - 1] === SPACE || bytes[end - 1] === TAB)) end--;
  if (start === end) return INVALID_TICKETS;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i] - 0x30;
    if (digit < 0 || digit > 9) return INVALID_TICKETS;
    value = value * 10 + digit;
    if (value > MAX_TICKETS_PER_ROW) return INVALID_TICKETS;
  }
  return value;
}
