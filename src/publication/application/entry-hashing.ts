import type { Readable } from 'node:stream';
import { CsvRecordScanner, type CsvRecordSink, fieldValueBytes, isBlankField } from '../../uploads/domain/entries-file/csv-record-scanner.js';
import { ENTRIES_LIMITS } from '../../uploads/domain/entries-file/entries-limits.js';
import { utf8Text } from '../../uploads/domain/entries-file/read-entries-file.js';
import type { EntriesIndex } from '../../uploads/application/entries-index.service.js';
import { DIGEST_BYTES, type EntryDigester, normalizeUtf8 } from '../domain/entry-digest.js';

export interface HashedEntries {
  /** 16 bytes per hashed entry row, in row order (not yet sorted). */
  digests: Uint8Array;
  entries: Float64Array;
  count: number;
}

const EMPTY = new Uint8Array(0);

/**
 * Reads the entries file once, as the draw read it (docs/verification.md: empty rows skipped, the header row
 * skipped), and keeps for each entry row holding tickets the digest of its normalised value in the checked column
 * and its tickets. Blank values are left out: nobody can check an empty value.
 */
class DigestSink implements CsvRecordSink {
  entryRows = 0;
  count = 0;
  private seenFirst = false;
  private readonly scratch = new Uint8Array(4096);
  readonly digests: Uint8Array;
  readonly entries: Float64Array;

  constructor(
    private readonly index: EntriesIndex,
    private readonly column: number,
    private readonly digester: EntryDigester,
  ) {
    this.digests = new Uint8Array(index.entryCount * DIGEST_BYTES);
    this.entries = new Float64Array(index.entryCount);
  }

  record(scanner: CsvRecordScanner, bytes: Uint8Array, _start: number, _end: number): void {
    const n = scanner.fieldCount;
    let blank = true;
    for (let i = 0; i < n; i++) {
      if (!isBlankField(bytes, scanner.fieldStarts[i], scanner.fieldEnds[i])) {
        blank = false;
        break;
      }
    }
    if (blank) return;
    if (!this.seenFirst) {
      this.seenFirst = true;
      if (this.index.selection.headerRow) return;
    }
    const row = this.entryRows++;
    if (row >= this.index.entryCount) throw new Error('The entries file has more entry rows than its index.');
    const tickets = this.index.tickets ? this.index.tickets[row] : 1;
    if (tickets === 0) return;
    const c = this.column;
    const value = c < n ? fieldValueBytes(bytes, scanner.fieldStarts[c], scanner.fieldEnds[c], scanner.fieldKinds[c]) : EMPTY;
    const normalized = normalizeUtf8(value, this.scratch);
    if (normalized.length === 0) return;
    this.digester.digestInto(normalized, this.digests, this.count * DIGEST_BYTES);
    this.entries[this.count++] = tickets;
  }
}

export async function hashEntries(
  index: EntriesIndex,
  body: Readable,
  column: number,
  digester: EntryDigester,
  onProgress: (entryRows: number) => Promise<void>,
): Promise<HashedEntries> {
  const sink = new DigestSink(index, column, digester);
  const scanner = new CsvRecordScanner(index.delimiter.charCodeAt(0), sink, ENTRIES_LIMITS);
  let reported = Date.now();
  for await (const chunk of utf8Text(body, index.encoding)) {
    scanner.push(chunk);
    if (Date.now() - reported > 500) {
      reported = Date.now();
      await onProgress(sink.entryRows);
    }
  }
  scanner.finish();
  if (sink.entryRows !== index.entryCount) throw new Error(`The entries file has ${sink.entryRows} entry rows, its index ${index.entryCount}.`);
  return { digests: sink.digests, entries: sink.entries, count: sink.count };
}
