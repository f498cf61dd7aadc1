import { Injectable } from '@nestjs/common';
import { detectDelimiter, EntriesFileError, type EntriesPassResult, parseRecordList } from '#entries-file';
import { buildInspection, ENTRIES_RULES_VERSION, failedInspection, SHOWN_ROWS } from '../domain/entries-reports.js';
import { sensitiveSampleRowCount } from '../domain/sensitive-columns.js';
import { entriesExtensionOf, type EntriesInspection, type InspectedRow, type Upload, type UploadAccess } from '../domain/upload.js';
import { EntriesStorage } from './entries-storage.js';
import { TypeormUploadRepository } from '../infrastructure/typeorm-upload.repository.js';
import { uploadFileKeys } from './upload-file-keys.js';
import { UploadLookup } from './upload-lookup.js';

const LINE_FEED = 0x0a;

export interface RowsIndexMeta {
  rulesVersion: number;
  sha256: string;
  rowCount: number;
}

/**
 * Confirm details (POST /api/draw/getConfirmDrawDetails): one full read of the entries file the first time, which
 * also writes the rows index; afterwards the stored inspection answers at once.
 */
@Injectable()
export class InspectEntriesService {
  private readonly inFlight = new Map<string, Promise<EntriesInspection>>();

  constructor(
    private readonly uploads: TypeormUploadRepository,
    private readonly lookup: UploadLookup,
    private readonly entries: EntriesStorage,
  ) {}

  async confirmDetails(fileName: string, access: UploadAccess): Promise<{ upload: Upload; inspection: EntriesInspection }> {
    const upload = await this.lookup.find(fileName, access);
    return { upload, inspection: await this.inspection(upload) };
  }

  /** The upload's inspection, made (once, even when asked twice at the same time) if there is none yet. */
  async inspection(upload: Upload): Promise<EntriesInspection> {
    if (upload.inspection?.rulesVersion === ENTRIES_RULES_VERSION) return upload.inspection;
    let running = this.inFlight.get(upload.id);
    if (!running) {
      running = this.inspect(upload).finally(() => this.inFlight.delete(upload.id));
      this.inFlight.set(upload.id, running);
    }
    const inspection = await running;
    upload.inspection = inspection;
    return inspection;
  }

  private async inspect(upload: Upload): Promise<EntriesInspection> {
    const [sample, wholeFile] = await this.entries.sample(upload);
    const delimiter = detectDelimiter(sample, wholeFile, entriesExtensionOf(upload));
    let inspection: EntriesInspection;
    try {
      const pass = await this.entries.runPass(upload, delimiter, undefined, wholeFile ? undefined : await this.expectedRows(upload, sample));
      await this.writeRowsIndex(upload, pass);
      inspection = await this.describe(upload, pass, delimiter);
    } catch (error) {
      if (!(error instanceof EntriesFileError)) throw error;
      inspection = failedInspection(delimiter, error.message);
    }
    await this.uploads.saveInspection(upload.id, inspection);
    return inspection;
  }

  /** Rows of the whole text at the sample's rate of line breaks (a little more, so that the arrays rarely grow). */
  private async expectedRows(upload: Upload, sample: Uint8Array): Promise<number> {
    let lineBreaks = 0;
    for (let i = sample.indexOf(LINE_FEED); i !== -1; i = sample.indexOf(LINE_FEED, i + 1)) lineBreaks++;
    return Math.ceil(((await this.entries.textByteSize(upload)) / Math.max(1, sample.length)) * (lineBreaks + 1) * 1.05);
  }

  async writeRowsIndex(upload: Upload, pass: EntriesPassResult): Promise<void> {
    const meta: RowsIndexMeta = { rulesVersion: ENTRIES_RULES_VERSION, sha256: upload.entries.sha256, rowCount: pass.rowCount };
    await this.entries.writeIndex(uploadFileKeys(upload.id).rows, { ...meta }, { starts: pass.rowStarts, lengths: pass.rowLengths });
  }

  /** The rows shown and sampled are read back with the general parser, as winners' rows will be. */
  private async describe(upload: Upload, pass: EntriesPassResult, delimiter: EntriesInspection['delimiter']): Promise<EntriesInspection> {
    const first = pass.rowStarts[0];
    const sampled = sensitiveSampleRowCount(pass.rowStarts, pass.rowLengths, pass.rowCount, SHOWN_ROWS);
    const lastEnd = pass.rowStarts[sampled - 1] + pass.rowLengths[sampled - 1];
    const region = await this.entries.readRange(this.entries.textKey(upload), first, lastEnd);
    const decoder = new TextDecoder('utf-8');
    const rows = Array.from({ length: sampled }, (_, r) => region.subarray(pass.rowStarts[r] - first, pass.rowStarts[r] - first + pass.rowLengths[r]));
    const sampleRows = parseRecordList(rows, delimiter);
    const firstRows: InspectedRow[] = sampleRows.slice(0, SHOWN_ROWS).map((columns, r) => ({ text: decoder.decode(rows[r]), columns }));
    return buildInspection({ delimiter, encoding: upload.entries.encoding, pass, firstRows, sampleRows });
  }
}
