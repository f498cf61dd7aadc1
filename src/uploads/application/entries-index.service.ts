import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { type Delimiter, EntriesFileError, EntriesMessages, type EntrySelection, type PackedBytes, parseRecordList, recordListJson, type TextEncodingName } from '#entries-file';
import { ENTRIES_RULES_VERSION } from '../domain/entries-reports.js';
import type { EntriesInspection, Upload, UploadAccess } from '../domain/upload.js';
import { UploadNotFoundError } from '../domain/upload.errors.js';
import { AdvancedProcessingService, sameSelection, type SelectionIndexMeta } from './advanced-processing.service.js';
import { EntriesStorage } from './entries-storage.js';
import { InspectEntriesService, type RowsIndexMeta } from './inspect-entries.service.js';
import { selectionIndexKey, uploadFileKeys } from './upload-file-keys.js';
import { UploadLookup } from './upload-lookup.js';

/** What a draw runs on: `runDraw({ entryCount, tickets, entrantOf, prizes, oneWinPerEntrant })` of libs/draw-engine. */
export interface EntriesIndex {
  /** The server file name of the upload. */
  fileName: string;
  /** SHA-256 of the entries file: recorded with the draw so anyone can check they re-run it on the same file. */
  fileSha256: string;
  encoding: TextEncodingName;
  delimiter: Delimiter;
  selection: EntrySelection;
  /** Entry rows: the engine's entryCount. */
  entryCount: number;
  /** Per entry row: where it starts in the stored text, and its length in bytes (line break excluded). */
  rowStarts: Float64Array;
  rowLengths: Uint32Array;
  /** Per entry row: tickets (ticket count column), else absent (one each). */
  tickets?: Uint32Array;
  /** Per entry row: entrant number 0..entrantNumbers-1 (unique entrant id column), else absent (each row its own). */
  entrantOf?: Uint32Array;
  /** Entrants holding at least one ticket. */
  entrantCount: number;
  /** Tickets in all. */
  totalTickets: number;
}

/** How long the last index loaded is kept for the next load of the same upload and columns. */
const RECENT_INDEX_MS = 10_000;

/**
 * The entries index kept with each upload, for the draws module (exported by UploadsModule): the typed arrays the
 * draw engine runs on, and winners' rows read back by offset. Missing or outdated indexes are rebuilt from the file.
 */
@Injectable()
export class EntriesIndexService {
  /** The upload behind each index handed out, so that reading rows needs no second access check. */
  private readonly uploadOf = new WeakMap<EntriesIndex, Upload>();
  /**
   * The last index loaded, kept for a few seconds: a draw submitted for now loads its index to check the entries,
   * then again to run, and the second load (120 MB of arrays for 6 million rows) would read the same files again.
   */
  private recent: { key: string; index: EntriesIndex; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly lookup: UploadLookup,
    private readonly inspect: InspectEntriesService,
    private readonly processing: AdvancedProcessingService,
    private readonly entries: EntriesStorage,
  ) {}

  /**
   * Throws UploadNotFoundError when the upload, or its stored text, is gone: told apart from a storage failure worth
   * retrying after reading it failed.
   */
  async requireStored(fileName: string, access: UploadAccess): Promise<void> {
    if (!(await this.entries.hasText(await this.lookup.find(fileName, access)))) throw new UploadNotFoundError();
  }

  /**
   * Marks the upload as taken by the draw being stored, in the draw's transaction, so that the retention sweep keeps
   * it (or removed it first: then UploadNotFoundError, and the draw is not stored). The access was checked by `load`.
   */
  async claim(fileName: string, at: Date): Promise<void> {
    await this.lookup.claim(fileName, at);
  }

  /**
   * The index of an upload for a choice of header row and columns. Throws UploadNotFoundError when the upload is
   * not the caller's, EntriesFileError (with the owner's message) when the file cannot be drawn from this way.
   */
  async load(fileName: string, access: UploadAccess, selection: EntrySelection): Promise<EntriesIndex> {
    const upload = await this.lookup.find(fileName, access);
    const chosen: EntrySelection = {
      headerRow: selection.headerRow,
      entryCountColumn: selection.entryCountColumn ?? null,
      uniqueEntrantIdColumn: selection.uniqueEntrantIdColumn ?? null,
    };
    const inspection = await this.drawableInspection(upload);
    const recentKey = [upload.id, upload.entries.sha256, ENTRIES_RULES_VERSION, chosen.headerRow, chosen.entryCountColumn, chosen.uniqueEntrantIdColumn].join(':');
    if (this.recent?.key === recentKey) return this.handOut(upload, { ...this.recent.index });
    const rows = await this.rowsIndex(upload);
    const skip = chosen.headerRow ? 1 : 0;
    const rowStarts = rows.starts.subarray(skip);
    const rowLengths = rows.lengths.subarray(skip);
    const entryCount = rowStarts.length;
    const base = {
      fileName: upload.id,
      fileSha256: upload.entries.sha256,
      encoding: upload.entries.encoding,
      delimiter: inspection.delimiter,
      selection: chosen,
      entryCount,
      rowStarts,
      rowLengths,
    };
    if (chosen.entryCountColumn === null && chosen.uniqueEntrantIdColumn === null) {
      if (entryCount === 0) throw new EntriesFileError(EntriesMessages.noEntryRows);
      const index: EntriesIndex = { ...base, entrantCount: entryCount, totalTickets: entryCount };
      this.keepRecent(recentKey, index);
      return this.handOut(upload, index);
    }
    const key = selectionIndexKey(upload.id, chosen);
    let stored = await this.entries.readIndex<SelectionIndexMeta>(key);
    if (!this.isCurrent(stored?.meta, upload, chosen)) {
      // Never processed this way (or the index is gone or outdated): process now.
      upload.processing = null;
      const result = await this.processing.processUpload(upload, chosen);
      if (result.errorMessage !== null) throw new EntriesFileError(result.errorMessage);
      stored = await this.entries.readIndex<SelectionIndexMeta>(key);
      if (!this.isCurrent(stored?.meta, upload, chosen)) throw new Error(`The selection index of upload ${upload.id} could not be built.`);
    }
    const { meta, arrays } = stored!;
    if (meta.entryRowCount !== entryCount) throw new Error(`The indexes of upload ${upload.id} disagree on the number of entry rows.`);
    const index: EntriesIndex = {
      ...base,
      tickets: arrays.tickets as Uint32Array | undefined,
      entrantOf: arrays.entrantOf as Uint32Array | undefined,
      entrantCount: meta.entrantCount,
      totalTickets: meta.entryCount,
    };
    this.keepRecent(recentKey, index);
    return this.handOut(upload, index);
  }

  private keepRecent(key: string, index: EntriesIndex): void {
    if (this.recent) clearTimeout(this.recent.timer);
    const timer = setTimeout(() => {
      if (this.recent?.timer === timer) this.recent = null;
    }, RECENT_INDEX_MS);
    timer.unref();
    this.recent = { key, index, timer };
  }

  /** The fields of entry rows `rowIndices` (0-based engine row numbers, as runDraw answers them), in the order asked. */
  async readRows(index: EntriesIndex, rowIndices: ArrayLike<number>): Promise<string[][]> {
    const { bytes, offsets } = await this.readPackedRows(index, rowIndices);
    const rows = Array.from({ length: rowIndices.length }, (_, i) => bytes.subarray(offsets[i], offsets[i + 1]));
    return parseRecordList(rows, index.delimiter);
  }

  /**
   * The fields of entry rows `rowIndices`, in the order asked, each as a UTF-8 JSON array of strings (what
   * `JSON.stringify` gives for each of readRows' answers), packed one after the other: for storing a million
   * winners' rows without building their strings.
   */
  async readRowsJson(index: EntriesIndex, rowIndices: ArrayLike<number>): Promise<PackedBytes> {
    return recordListJson(await this.readPackedRows(index, rowIndices), index.delimiter);
  }

  private async readPackedRows(index: EntriesIndex, rowIndices: ArrayLike<number>): Promise<PackedBytes> {
    const upload = this.uploadOf.get(index);
    if (!upload) throw new Error('Rows are read from an index that EntriesIndexService.load answered.');
    for (let i = 0; i < rowIndices.length; i++) {
      const row = rowIndices[i];
      if (!Number.isInteger(row) || row < 0 || row >= index.entryCount) throw new RangeError(`Row ${row} is not an entry row (0..${index.entryCount - 1}).`);
    }
    return this.entries.readRows(upload, index.rowStarts, index.rowLengths, rowIndices);
  }

  /** The entries file of an upload, for its owner's download; its name is the one it had on the owner's computer. */
  async openEntriesFile(fileName: string, access: UploadAccess): Promise<{ fileName: string; body: Readable }> {
    const upload = await this.lookup.find(fileName, access);
    return { fileName: upload.archivedFileName ?? upload.fileName, body: this.entries.openEntries(upload) };
  }

  /**
   * The fields of the file's first non-empty row (its header row when it has one), from what confirmation learnt:
   * neither the file nor its row index is read, which for millions of rows would hold tens of megabytes.
   */
  async firstRowColumns(fileName: string, access: UploadAccess): Promise<string[] | null> {
    const inspection = await this.drawableInspection(await this.lookup.find(fileName, access));
    return inspection.firstRows[0]?.columns ?? null;
  }

  /** Rows of a file by engine row number without loading ticket counts or entrant ids (say, to show winners again). */
  async readFileRows(fileName: string, access: UploadAccess, headerRow: boolean, rowIndices: ArrayLike<number>): Promise<string[][]> {
    const index = await this.load(fileName, access, { headerRow, entryCountColumn: null, uniqueEntrantIdColumn: null });
    return this.readRows(index, rowIndices);
  }

  /** What confirmation learnt of the upload's file; EntriesFileError (the owner's message) when no draw can use it. */
  private async drawableInspection(upload: Upload): Promise<EntriesInspection> {
    const inspection = await this.inspect.inspection(upload);
    if (inspection.errorMessage !== null) throw new EntriesFileError(inspection.errorMessage);
    return inspection;
  }

  private handOut(upload: Upload, index: EntriesIndex): EntriesIndex {
    this.uploadOf.set(index, upload);
    return index;
  }

  private isCurrent(meta: SelectionIndexMeta | undefined, upload: Upload, selection: EntrySelection): boolean {
    return !!meta && meta.rulesVersion === ENTRIES_RULES_VERSION && meta.sha256 === upload.entries.sha256 && sameSelection(meta.selection, selection);
  }

  private async rowsIndex(upload: Upload): Promise<{ starts: Float64Array; lengths: Uint32Array }> {
    const key = uploadFileKeys(upload.id).rows;
    let stored = await this.entries.readIndex<RowsIndexMeta>(key);
    if (!stored || stored.meta.rulesVersion !== ENTRIES_RULES_VERSION || stored.meta.sha256 !== upload.entries.sha256) {
      const pass = await this.entries.runPass(upload, upload.inspection!.delimiter);
      await this.inspect.writeRowsIndex(upload, pass);
      stored = await this.entries.readIndex<RowsIndexMeta>(key);
    }
    return { starts: stored!.arrays.starts as Float64Array, lengths: stored!.arrays.lengths as Uint32Array };
  }
}
