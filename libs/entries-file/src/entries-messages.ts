import { firstUnitsOf } from '../../rules/src/text-cut.js';
import type { CsvScanErrorReason } from './csv-record-scanner.js';
import { ENTRIES_LIMITS, MAX_TICKETS_PER_ROW } from './entries-limits.js';

const count = (n: number) => n.toLocaleString('en-US');
const quoted = (value: string) => `"${shownText(value.length > 40 ? firstUnitsOf(value, 40) + '…' : value)}"`;

/**
 * A value of the file as it may be shown and stored: a NUL character (valid UTF-8, and any UTF-16 file may hold one)
 * becomes U+FFFD, as PostgreSQL refuses it in jsonb and text, and requests carrying it are refused with 400.
 */
export function shownText(value: string): string {
  return value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
}

/** Every message about the content of an entries file, in one place. */
export const EntriesMessages = {
  scanError(reason: CsvScanErrorReason, row: number): string {
    switch (reason) {
      case 'QUOTE_NOT_CLOSED':
        return `Row ${count(row)} has a quoted value that is never closed. Check the quotes in that row.`;
      case 'RECORD_TOO_LONG':
        return `Row ${count(row)} is longer than ${ENTRIES_LIMITS.maxRecordBytes / (1024 * 1024)}MB. Check that every quote in it is closed.`;
      case 'TOO_MANY_FIELDS':
        return `Row ${count(row)} has more than ${count(ENTRIES_LIMITS.maxFields)} columns.`;
    }
  },
  noEntries: 'The file has no entries: every row is empty.',
  noSuchColumn: (column: number, columnCount: number) => `The file has ${count(columnCount)} column${columnCount === 1 ? '' : 's'}: there is no column ${count(column + 1)}.`,
  sameColumnTwice: 'The ticket count column and the unique entrant id column must be different columns.',
  columnRequired: 'Choose a ticket count column or a unique entrant id column.',
  missingTicketCount: (row: number, column: string) => `Row ${count(row)} has no ticket count in column ${quoted(column)}.`,
  invalidTicketCount: (row: number, column: string, value: string) =>
    `Row ${count(row)} has an invalid ticket count ${quoted(value)} in column ${quoted(column)}. ` + `Ticket counts must be whole numbers from 0 to ${count(MAX_TICKETS_PER_ROW)}.`,
  missingEntrantId: (row: number, column: string) => `Row ${count(row)} has no unique entrant id in column ${quoted(column)}.`,
  tooManyTickets: 'The ticket counts add up to more than 9,007,199,254,740,991, the most one draw can hold.',
  noTickets: 'No row has a ticket: every ticket count is 0.',
  noEntryRows: 'The file has no entry rows below its header row.',
  columnCountWarning: (rows: number, firstRow: number, columnCount: number) =>
    `${count(rows)} row${rows === 1 ? ' has' : 's have'} a different number of columns than the first row ` + `(${count(columnCount)}); the first is row ${count(firstRow)}.`,
  encodingWarning: (label: string) => `The file is not UTF-8: it was read as ${label}. If names look wrong, save the file as "CSV UTF-8" and upload it again.`,
  zeroTicketsWarning: (rows: number) => `${count(rows)} row${rows === 1 ? ' has' : 's have'} a ticket count of 0: ${rows === 1 ? 'it stays' : 'they stay'} in the file but cannot win.`,
  columnName: (names: readonly string[] | null, column: number) => {
    const name = names?.[column]?.trim();
    return name ? name : `column ${column + 1}`;
  },
};
