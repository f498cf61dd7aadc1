import { CsvRecordScanner, FIELD_ESCAPED, FIELD_RELAXED, fieldText, SPACE, TAB, fieldValueBytes, isBlankField, type CsvRecordSink } from './csv-record-scanner.js';
import type { Delimiter } from './delimiter.js';
import { EntrantIdTable } from './entrant-id-table.js';
import { isBlankRecord, translateScanError } from './entry-rows.js';
import { EntriesFileError } from './entries-file.error.js';
import { ENTRIES_LIMITS, MAX_TOTAL_TICKETS } from './entries-limits.js';
import { EntriesMessages } from './entries-messages.js';
import { INVALID_TICKETS, parseTicketCount } from './entry-values.js';

/** Which rows are entries and which columns carry ticket counts and entrant ids (0-based column numbers). */
export interface EntrySelection {
  headerRow: boolean;
  entryCountColumn: number | null;
  uniqueEntrantIdColumn: number | null;
}

export interface EntriesPassOptions {
  delimiter: Delimiter;
  /** File offset of the first text byte (after a byte order mark). */
  textOffset: number;
  /** Read the chosen columns of every entry row; without it the pass only counts and checks. */
  selection?: EntrySelection;
  /** Check every column as a ticket count and entrant id column (default true; processing already knows). */
  checkColumns?: boolean;
  /** Rows the file probably has: arrays are sized for them up front (they still grow beyond). */
  expectedRows?: number;
}

/** Per column of the first row: can it serve as ticket count / entrant id column, with and without a header row. */
interface ColumnChecks {
  ticketsValidWithHeader: boolean[];
  ticketsValidWithoutHeader: boolean[];
  idsValidWithHeader: boolean[];
  idsValidWithoutHeader: boolean[];
}

export interface SelectionResult {
  selection: EntrySelection;
  /** Rows that are entries: non-empty rows, less the header row. */
  entryRowCount: number;
  /** Tickets per entry row, when a ticket count column was chosen. */
  tickets: Uint32Array | null;
  /** Entrant number per entry row (0, 1, 2, ... by first appearance), when an entrant id column was chosen. */
  entrantOf: Uint32Array | null;
  /** Entrants holding at least one ticket. */
  entrantCount: number;
  /** Tickets in all (rows when there is no ticket count column). */
  entryCount: number;
  zeroTicketRows: number;
}

export interface EntriesPassResult {
  /** Every record, empty ones included. */
  recordCount: number;
  /** Non-empty rows (the header row, if any, included). */
  rowCount: number;
  emptyRowCount: number;
  /** File offset of each non-empty row. */
  rowStarts: Float64Array;
  /** Byte length of each non-empty row, line break excluded. */
  rowLengths: Uint32Array;
  /** Columns of the first non-empty row. */
  columnCount: number;
  /** The values of the first non-empty row. */
  firstRowValues: string[];
  /** Non-empty rows whose column count differs from the first row's, and the row number of the first of them. */
  otherColumnCountRows: number;
  firstOtherColumnCountRow: number;
  checks: ColumnChecks;
  selection: SelectionResult | null;
}

/**
 * One pass over the UTF-8 text of an entries file: the rules of docs/verification.md that turn the file into
 * engine rows. Everything per row lives in typed arrays; nothing holds a string per row.
 */
export class EntriesPass implements CsvRecordSink {
  private readonly scanner: CsvRecordScanner;
  private readonly selection: EntrySelection | null;

  private rowCount = 0;
  private emptyRowCount = 0;
  private rowStarts: Float64Array;
  private rowLengths: Uint32Array;

  private columnCount = 0;
  private firstRowValues: string[] = [];
  private otherColumnCountRows = 0;
  private firstOtherColumnCountRow = 0;
  private ticketsFirst = new Uint8Array(0);
  private idsFirst = new Uint8Array(0);
  private ticketsRest = new Uint8Array(0);
  private idsRest = new Uint8Array(0);
  private liveColumns = 0;
  private readonly checking: boolean;

  private entryRowCount = 0;
  private tickets: Uint32Array | null = null;
  private entrantOf: Uint32Array | null = null;
  private readonly entrants: EntrantIdTable | null = null;
  private entryCount = 0;
  private zeroTicketRows = 0;

  constructor(options: EntriesPassOptions) {
    this.scanner = new CsvRecordScanner(options.delimiter.charCodeAt(0), this, ENTRIES_LIMITS, options.textOffset);
    this.selection = options.selection ?? null;
    this.checking = options.checkColumns ?? true;
    const capacity = Math.max(1 << 16, Math.ceil(options.expectedRows ?? 0) + 1);
    this.rowStarts = new Float64Array(capacity);
    this.rowLengths = new Uint32Array(capacity);
    if (this.selection?.entryCountColumn != null) this.tickets = new Uint32Array(capacity);
    if (this.selection?.uniqueEntrantIdColumn != null) {
      this.entrantOf = new Uint32Array(capacity);
      // Sized for one entrant per two rows (half full at that); a file with more distinct ids grows it once or twice.
      this.entrants = new EntrantIdTable(capacity / 2);
    }
  }

  /** The next bytes of the text. Throws EntriesFileError when the file breaks a rule. */
  push(chunk: Uint8Array): void {
    try {
      this.scanner.push(chunk);
    } catch (error) {
      throw translateScanError(error);
    }
  }

  finish(): EntriesPassResult {
    try {
      this.scanner.finish();
    } catch (error) {
      throw translateScanError(error);
    }
    if (this.rowCount === 0) throw new EntriesFileError(EntriesMessages.noEntries);
    const restRows = this.rowCount - 1;
    const columns = Array.from({ length: this.columnCount }, (_, c) => c);
    return {
      recordCount: this.scanner.recordCount,
      rowCount: this.rowCount,
      emptyRowCount: this.emptyRowCount,
      rowStarts: this.rowStarts.subarray(0, this.rowCount),
      rowLengths: this.rowLengths.subarray(0, this.rowCount),
      columnCount: this.columnCount,
      firstRowValues: this.firstRowValues,
      otherColumnCountRows: this.otherColumnCountRows,
      firstOtherColumnCountRow: this.firstOtherColumnCountRow,
      checks: {
        ticketsValidWithHeader: columns.map((c) => restRows > 0 && this.ticketsRest[c] === 1),
        ticketsValidWithoutHeader: columns.map((c) => this.ticketsFirst[c] === 1 && this.ticketsRest[c] === 1),
        idsValidWithHeader: columns.map((c) => restRows > 0 && this.idsRest[c] === 1),
        idsValidWithoutHeader: columns.map((c) => this.idsFirst[c] === 1 && this.idsRest[c] === 1),
      },
      selection: this.selection ? this.selectionResult(this.selection) : null,
    };
  }

  /** Called by the scanner for every record. */
  record(scanner: CsvRecordScanner, bytes: Uint8Array, start: number, end: number, fileOffset: number): void {
    const n = scanner.fieldCount;
    if (isBlankRecord(scanner, bytes)) {
      this.emptyRowCount++;
      return;
    }
    const row = this.rowCount++;
    if (row === this.rowStarts.length) {
      this.rowStarts = grow(this.rowStarts);
      this.rowLengths = grow(this.rowLengths);
    }
    this.rowStarts[row] = fileOffset;
    this.rowLengths[row] = end - start;
    if (row === 0) this.firstRow(scanner, bytes);
    else {
      if (n !== this.columnCount && this.otherColumnCountRows++ === 0) this.firstOtherColumnCountRow = scanner.recordCount;
      if (this.liveColumns > 0) this.checkColumns(scanner, bytes);
    }
    const selection = this.selection;
    if (selection !== null && !(row === 0 && selection.headerRow)) this.selectRow(selection, scanner, bytes);
  }

  private firstRow(scanner: CsvRecordScanner, bytes: Uint8Array): void {
    const n = scanner.fieldCount;
    this.columnCount = n;
    this.ticketsFirst = new Uint8Array(n);
    this.idsFirst = new Uint8Array(n);
    this.ticketsRest = new Uint8Array(n).fill(1);
    this.idsRest = new Uint8Array(n).fill(1);
    this.liveColumns = this.checking ? n : 0;
    for (let c = 0; c < n; c++) {
      const a = scanner.fieldStarts[c];
      const b = scanner.fieldEnds[c];
      this.firstRowValues.push(fieldText(bytes, a, b, scanner.fieldKinds[c]));
      this.ticketsFirst[c] = parseTicketCount(bytes, a, b) === INVALID_TICKETS ? 0 : 1;
      this.idsFirst[c] = isBlankField(bytes, a, b) ? 0 : 1;
    }
  }

  /** Rows after the first: a column stays valid while every value in it is (a missing value is blank). */
  private checkColumns(scanner: CsvRecordScanner, bytes: Uint8Array): void {
    const n = scanner.fieldCount;
    const tickets = this.ticketsRest;
    const ids = this.idsRest;
    for (let c = 0; c < this.columnCount; c++) {
      if (tickets[c] === 0 && ids[c] === 0) continue;
      if (c >= n || isBlankField(bytes, scanner.fieldStarts[c], scanner.fieldEnds[c])) {
        if (tickets[c] === 1) tickets[c] = 0;
        if (ids[c] === 1) ids[c] = 0;
        this.liveColumns--;
        continue;
      }
      if (tickets[c] === 1 && parseTicketCount(bytes, scanner.fieldStarts[c], scanner.fieldEnds[c]) === INVALID_TICKETS) {
        tickets[c] = 0;
        if (ids[c] === 0) this.liveColumns--;
      }
    }
  }

  private selectRow(selection: EntrySelection, scanner: CsvRecordScanner, bytes: Uint8Array): void {
    const entry = this.entryRowCount++;
    const n = scanner.fieldCount;
    const ticketColumn = selection.entryCountColumn;
    if (ticketColumn !== null) {
      if (entry === this.tickets!.length) this.tickets = grow(this.tickets!);
      const value = ticketColumn < n ? parseTicketCount(bytes, scanner.fieldStarts[ticketColumn], scanner.fieldEnds[ticketColumn]) : INVALID_TICKETS;
      if (value === INVALID_TICKETS) this.invalidTicketCount(scanner, bytes, ticketColumn);
      this.tickets![entry] = value;
      if (value === 0) this.zeroTicketRows++;
      this.entryCount += value;
      if (this.entryCount > MAX_TOTAL_TICKETS) throw new EntriesFileError(EntriesMessages.tooManyTickets);
    } else this.entryCount++;
    const idColumn = selection.uniqueEntrantIdColumn;
    if (idColumn !== null) {
      if (entry === this.entrantOf!.length) this.entrantOf = grow(this.entrantOf!);
      let value = bytes;
      let a = 0;
      let b = 0;
      if (idColumn < n) {
        a = scanner.fieldStarts[idColumn];
        b = scanner.fieldEnds[idColumn];
        const kind = scanner.fieldKinds[idColumn];
        if (kind === FIELD_ESCAPED || kind === FIELD_RELAXED) {
          value = fieldValueBytes(bytes, a, b, kind);
          a = 0;
          b = value.length;
        }
        while (a < b && (value[a] === SPACE || value[a] === TAB)) a++;
        while (b > a && (value[b - 1] === SPACE || value[b - 1] === TAB)) b--;
      }
      if (a === b) throw new EntriesFileError(EntriesMessages.missingEntrantId(scanner.recordCount, this.columnName(idColumn)));
      this.entrantOf![entry] = this.entrants!.intern(value, a, b);
    }
  }

  private invalidTicketCount(scanner: CsvRecordScanner, bytes: Uint8Array, column: number): never {
    const row = scanner.recordCount;
    const name = this.columnName(column);
    if (column >= scanner.fieldCount || isBlankField(bytes, scanner.fieldStarts[column], scanner.fieldEnds[column])) {
      throw new EntriesFileError(EntriesMessages.missingTicketCount(row, name));
    }
    const value = fieldText(bytes, scanner.fieldStarts[column], scanner.fieldEnds[column], scanner.fieldKinds[column]);
    throw new EntriesFileError(EntriesMessages.invalidTicketCount(row, name, value));
  }

  private columnName(column: number): string {
    return EntriesMessages.columnName(this.selection?.headerRow ? this.firstRowValues : null, column);
  }

  private selectionResult(selection: EntrySelection): SelectionResult {
    const rows = this.entryRowCount;
    const tickets = this.tickets ? this.tickets.subarray(0, rows) : null;
    const entrantOf = this.entrantOf ? this.entrantOf.subarray(0, rows) : null;
    let entrantCount: number;
    if (entrantOf !== null) {
      // Entrants that hold at least one ticket.
      const holds = new Uint8Array(this.entrants!.size);
      entrantCount = 0;
      for (let r = 0; r < rows; r++) {
        if ((tickets === null || tickets[r] > 0) && holds[entrantOf[r]] === 0) {
          holds[entrantOf[r]] = 1;
          entrantCount++;
        }
      }
    } else entrantCount = rows - this.zeroTicketRows;
    return { selection, entryRowCount: rows, tickets, entrantOf, entrantCount, entryCount: this.entryCount, zeroTicketRows: this.zeroTicketRows };
  }
}

function grow<T extends Float64Array | Uint32Array>(array: T): T {
  const grown = new (array.constructor as new (length: number) => T)(array.length * 2);
  grown.set(array);
  return grown;
}
