import type { Readable } from 'node:stream';
import { type CsvRecordScanner, EntryRowReader, type EntryRowSink, fieldValueBytes, utf8Text } from '#entries-file';
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
 * Keeps, for each entry row of the file (libs/entries-file's EntryRowReader: the rows the draw read) that holds
 * tickets, its tickets and the normalised value of the checked column, batched to the digest workers. Blank values
 * are left out: nobody can check an empty value.
 */
class DigestSink implements EntryRowSink {
  count = 0;
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

  entryRow(scanner: CsvRecordScanner, bytes: Uint8Array, row: number): void {
    if (row >= this.index.entryCount) throw new Error('The entries file has more entry rows than its index.');
    const tickets = this.index.tickets ? this.index.tickets[row] : 1;
    if (tickets === 0) return;
    const c = this.column;
    const value = c < scanner.fieldCount ? fieldValueBytes(bytes, scanner.fieldStarts[c], scanner.fieldEnds[c], scanner.fieldKinds[c]) : EMPTY;
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

export async function hashEntries(index: EntriesIndex, body: Readable, column: number, digester: EntryDigester, onProgress: (entryRows: number) => Promise<void>): Promise<HashedEntries> {
  const workers = new DigestWorkers(digester);
  try {
    const sink = new DigestSink(index, column, workers);
    const reader = new EntryRowReader(index.delimiter, index.selection.headerRow, sink);
    let reported = Date.now();
    for await (const chunk of utf8Text(body, index.encoding)) {
      reader.push(chunk);
      // Memory stays bounded: the read waits while too many batches are still being hashed.
      while (sink.inFlight.length > MAX_IN_FLIGHT) await sink.inFlight.shift();
      if (Date.now() - reported > 500) {
        reported = Date.now();
        await onProgress(reader.entryRowCount);
      }
    }
    reader.finish();
    sink.flush();
    await Promise.all(sink.inFlight);
    if (reader.entryRowCount !== index.entryCount) throw new Error(`The entries file has ${reader.entryRowCount} entry rows, its index ${index.entryCount}.`);
    return { digests: sink.digests, entries: sink.entries, count: sink.count };
  } finally {
    await workers.close();
  }
}
