import { Injectable } from '@nestjs/common';
import { EntriesFileError, EntriesMessages, type EntrySelection } from '#entries-file';
import { buildProcessingResult, ENTRIES_RULES_VERSION, failedProcessing } from '../domain/entries-reports.js';
import type { AdvancedProcessingResult, EntriesInspection, Upload, UploadAccess } from '../domain/upload.js';
import { EntrySelectionError } from '../domain/upload.errors.js';
import { EntriesStorage } from './entries-storage.js';
import { InspectEntriesService } from './inspect-entries.service.js';
import { TypeormUploadRepository } from '../infrastructure/typeorm-upload.repository.js';
import { selectionIndexKey } from './upload-file-keys.js';
import { UploadLookup } from './upload-lookup.js';

export interface SelectionIndexMeta {
  rulesVersion: number;
  sha256: string;
  selection: EntrySelection;
  entryRowCount: number;
  entrantCount: number;
  entryCount: number;
}

export function sameSelection(a: EntrySelection, b: EntrySelection): boolean {
  return a.headerRow === b.headerRow && a.entryCountColumn === b.entryCountColumn && a.uniqueEntrantIdColumn === b.uniqueEntrantIdColumn;
}

/**
 * Advanced processing (POST /api/draw/processAdvancedUpload): ticket counts and entrant ids of every entry row, in
 * one read of the file, kept as the selection index that the draw runs on.
 */
@Injectable()
export class AdvancedProcessingService {
  private readonly inFlight = new Map<string, Promise<AdvancedProcessingResult>>();

  constructor(
    private readonly uploads: TypeormUploadRepository,
    private readonly lookup: UploadLookup,
    private readonly inspect: InspectEntriesService,
    private readonly entries: EntriesStorage,
  ) {}

  async process(fileName: string, access: UploadAccess, selection: EntrySelection): Promise<AdvancedProcessingResult> {
    const upload = await this.lookup.find(fileName, access);
    return this.processUpload(upload, selection);
  }

  /** The result for this selection: the stored one when the last processing made the same choice. */
  async processUpload(upload: Upload, selection: EntrySelection): Promise<AdvancedProcessingResult> {
    if (selection.entryCountColumn === null && selection.uniqueEntrantIdColumn === null) {
      throw new EntrySelectionError(EntriesMessages.columnRequired, 'entryCountColumn');
    }
    if (selection.entryCountColumn !== null && selection.entryCountColumn === selection.uniqueEntrantIdColumn) {
      throw new EntrySelectionError(EntriesMessages.sameColumnTwice, 'uniqueEntrantIdColumn');
    }
    const inspection = await this.inspect.inspection(upload);
    if (inspection.errorMessage !== null) return failedProcessing(inspection.errorMessage);
    this.checkColumn(inspection, selection.entryCountColumn, 'entryCountColumn');
    this.checkColumn(inspection, selection.uniqueEntrantIdColumn, 'uniqueEntrantIdColumn');
    const stored = upload.processing;
    if (stored && stored.rulesVersion === ENTRIES_RULES_VERSION && sameSelection(stored.selection, selection)) return stored.result;

    const key = `${upload.id}:${selection.headerRow}:${selection.entryCountColumn}:${selection.uniqueEntrantIdColumn}`;
    let running = this.inFlight.get(key);
    if (!running) {
      running = this.run(upload, inspection, selection).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, running);
    }
    return running;
  }

  private checkColumn(inspection: EntriesInspection, column: number | null, field: string): void {
    if (column !== null && column >= inspection.columnCount) throw new EntrySelectionError(EntriesMessages.noSuchColumn(column, inspection.columnCount), field);
  }

  private async run(upload: Upload, inspection: EntriesInspection, selection: EntrySelection): Promise<AdvancedProcessingResult> {
    let result: AdvancedProcessingResult;
    try {
      const pass = await this.entries.runPass(upload, inspection.delimiter, selection, inspection.rowCount);
      const chosen = pass.selection!;
      result = buildProcessingResult(chosen, pass.emptyRowCount, inspection.warnings);
      if (result.errorMessage === null) {
        const meta: SelectionIndexMeta = {
          rulesVersion: ENTRIES_RULES_VERSION,
          sha256: upload.entries.sha256,
          selection,
          entryRowCount: chosen.entryRowCount,
          entrantCount: chosen.entrantCount,
          entryCount: chosen.entryCount,
        };
        const arrays: Record<string, Uint32Array> = {};
        if (chosen.tickets) arrays.tickets = chosen.tickets;
        if (chosen.entrantOf) arrays.entrantOf = chosen.entrantOf;
        await this.entries.writeIndex(selectionIndexKey(upload.id, selection), { ...meta }, arrays);
      }
    } catch (error) {
      if (!(error instanceof EntriesFileError)) throw error;
      result = failedProcessing(error.message);
    }
    const processing = { rulesVersion: ENTRIES_RULES_VERSION, selection: { ...selection }, result };
    await this.uploads.saveProcessing(upload.id, processing);
    upload.processing = processing;
    return result;
  }
}
