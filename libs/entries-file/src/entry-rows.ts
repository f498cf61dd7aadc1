import { CsvRecordScanner, CsvScanError, isBlankField, type CsvRecordSink } from './csv-record-scanner.js';
import type { Delimiter } from './delimiter.js';
import { EntriesFileError } from './entries-file.error.js';
import { ENTRIES_LIMITS } from './entries-limits.js';
import { EntriesMessages } from './entries-messages.js';

/** docs/verification.md §4: a record is empty, and not a row, when every field is blank (spaces and tabs only). */
export function isBlankRecord(scanner: CsvRecordScanner, bytes: Uint8Array): boolean {
  const n = scanner.fieldCount;
  for (let i = 0; i < n; i++) if (!isBlankField(bytes, scanner.fieldStarts[i], scanner.fieldEnds[i])) return false;
  return true;
}

/** Receives each entry row: the scanner holds its fields (fieldStarts, fieldEnds, fieldKinds into `bytes`). */
export interface EntryRowSink {
  entryRow(scanner: CsvRecordScanner, bytes: Uint8Array, entryRow: number): void;
}

/**
 * The entry rows of a file's UTF-8 text (docs/verification.md §3–§5): its records, empty ones skipped, the header
 * row (the first row) skipped when there is one; each entry row handed to the sink with its number from 0. For
 * readers that need the rows' values again after the file was read once by EntriesPass (publication's entry
 * hashing): the same rules, the same rows.
 */
export class EntryRowReader implements CsvRecordSink {
  private readonly scanner: CsvRecordScanner;
  private seenFirst = false;
  entryRowCount = 0;

  constructor(
    delimiter: Delimiter,
    private readonly headerRow: boolean,
    private readonly sink: EntryRowSink,
  ) {
    this.scanner = new CsvRecordScanner(delimiter.charCodeAt(0), this, ENTRIES_LIMITS);
  }

  /** The next bytes of the text. Throws EntriesFileError when the file breaks a rule. */
  push(chunk: Uint8Array): void {
    try {
      this.scanner.push(chunk);
    } catch (error) {
      throw translateScanError(error);
    }
  }

  finish(): void {
    try {
      this.scanner.finish();
    } catch (error) {
      throw translateScanError(error);
    }
  }

  record(scanner: CsvRecordScanner, bytes: Uint8Array): void {
    if (isBlankRecord(scanner, bytes)) return;
    if (!this.seenFirst) {
      this.seenFirst = true;
      if (this.headerRow) return;
    }
    this.sink.entryRow(scanner, bytes, this.entryRowCount++);
  }
}

/** A scanner's refusal in the words of docs/verification.md's messages. */
export function translateScanError(error: unknown): unknown {
  return error instanceof CsvScanError ? new EntriesFileError(EntriesMessages.scanError(error.reason, error.recordNumber)) : error;
}
