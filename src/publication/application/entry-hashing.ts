import type { Readable } from 'node:stream';
import { CsvRecordScanner, type CsvRecordSink, fieldValueBytes, isBlankField } from '../../uploads/domain/entries-file/csv-record-scanner.js';
import { ENTRIES_LIMITS } from '../../uploads/domain/entries-file/entries-limits.js';
import { utf8Text } from '../../uploads/domain/entries-file/read-entries-file.js';
import type { EntriesIndex } from '../../uploads/application/entries-index.service.js';
import { DIGEST_BYTES, type EntryDigester, normalizeUtf8 } from '../domain/entry-digest.js';
import { DigestWorkers } from './digest-workers.js';

export interface HashedEntries {
  /** 16 bytes per hashed entry row, in row order (not yet sorted). */
  digests: Uint8Array;
  entries: Float64Array;
  count: number;
}

const EMPTY = new Uint8Array(0);
/** Values per batch handed to a digest worker. */
const BATCH_VALUES = 32_768;
/** Batches in flight before the file read waits for digests. */
const MAX_IN_FLIGHT = 8;

/**
 * Reads the entries file once, as the draw read it (docs/verification.md: empty rows skipped, the header row
 * skipped), and keeps for each entry row holding tickets its tickets and the normalised value of the checked column,
 * batched to the digest workers. Blank values are left out: nobody can check an empty value.
 */
class DigestSink implements CsvRecordSink {
  entryRows = 0;
  count = 0;
  private seenFirst = false;
  private readonly scratch = new Uint8Array(4096);
  readonly digests: Uint8Array;
  readonly entries: Float64Array;
  private batchBytes = new Uint8Array(1 << 20);
  private batchEnds = new Uint32Array(BATCH_VALUES);
  private batchLength = 0;
  private batchCount = 0;
  private batchFirst = 0;
  readonly inFlight: Promise<void>[] = [];

  constructor(
    private readonly index: EntriesIndex,
    private readonly column: number,
    private readonly workers: DigestWorkers,
  ) {
    this.digests = new Uint8Array(index.entryCount * DIGEST_BYTES);
    this.entries = new Float64Array(index.entryCount);
  }

  record(scanner: CsvRecordScanner, bytes: Uint8Array): void {
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
    if (this.batchLength + normalized.length > this.batchBytes.length) {
      const bigger = new Uint8Array(Math.max(this.batchBytes.length * 2, this.batchLength + normalized.length));
      bigger.set(this.batchBytes.subarray(0, this.batchLength));
      this.batchBytes = bigger;
    }
    this.batchBytes.set(normalized, this.batchLength);
    this.batchLength += normalized.length;
    this.batchEnds[this.batchCount++] = this.batchLength;
    this.entries[this.count++] = tickets;
    if (this.batchCount === BATCH_VALUES) this.flush();
  }

  /** Hands the current batch to a worker; its digests land at their rows' places. */
  flush(): void {
    if (this.batchCount === 0) return;
    const first = this.batchFirst;
    const done = this.workers.digest(this.batchBytes.slice(0, this.batchLength), this.batchEnds.slice(0, this.batchCount), this.batchCount).then((out) => {
      this.digests.set(out, first * DIGEST_BYTES);
    });
    // Awaited later, in order; a failure before then must not count as unhandled (which would end the process).
    done.catch(() => undefined);
    this.inFlight.push(done);
    this.batchFirst = this.count;
    this.batchLength = 0;
    this.batchCount = 0;
  }
}

export async function hashEntries(
  index: EntriesIndex,
  body: Readable,
  column: number,
  digester: EntryDigester,
  onProgress: (entryRows: number) => Promise<void>,
): Promise<HashedEntries> {
  const workers = new DigestWorkers(digester);
  try {
    const sink = new DigestSink(index, column, workers);
    const scanner = new CsvRecordScanner(index.delimiter.charCodeAt(0), sink, ENTRIES_LIMITS);
    let reported = Date.now();
    for await (const chunk of utf8Text(body, index.encoding)) {
      scanner.push(chunk);
      // Memory stays bounded: the read waits while too many batches are still being hashed.
      while (sink.inFlight.length > MAX_IN_FLIGHT) await sink.inFlight.shift();
      if (Date.now() - reported > 500) {
        reported = Date.now();
        await onProgress(sink.entryRows);
      }
    }
    scanner.finish();
    sink.flush();
    await Promise.all(sink.inFlight);
    if (sink.entryRows !== index.entryCount) throw new Error(`The entries file has ${sink.entryRows} entry rows, its index ${index.entryCount}.`);
    return { digests: sink.digests, entries: sink.entries, count: sink.count };
  } finally {
    await workers.close();
  }
}
