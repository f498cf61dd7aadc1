import { Readable } from 'node:stream';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { type DownloadCaller, DownloadRegistry } from '../../platform/downloads/downloads.js';
import { EntriesIndexService } from '../../uploads/application/entries-index.service.js';
import { UploadNotFoundError } from '../../uploads/domain/upload.errors.js';
import { DRAW_REPOSITORY, WINNER_STORE } from '../draws.tokens.js';
import { type Draw, displayIdOf, type Winner } from '../domain/draw.js';
import { escapeFormula } from '../domain/spreadsheet-safety.js';
import type { DrawRepository } from './ports/draw.repository.port.js';
import { UUID_PATTERN } from '../../platform/http/patterns.js';
import { mayAct, OWNERSHIP, userCaller } from '../../platform/ownership/ownership.js';
import type { WinnerStore } from './ports/winner-store.port.js';

/**
 * Winners read from the database per batch of the results download: one batch is one chunk of the reply (about 70 kB
 * for five entry columns), so the server holds a batch or two at a time, whatever the download's size.
 */
const RESULTS_BATCH_ROWS = 1_000;

/** `/download/results/{drawId}`: the winners and reserves as CSV, for the draw's owner or an administrator only. */
@Injectable()
export class DrawDownloadsService implements OnModuleInit {
  constructor(
    @Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository,
    @Inject(WINNER_STORE) private readonly winners: WinnerStore,
    private readonly downloads: DownloadRegistry,
    private readonly entriesIndex: EntriesIndexService,
  ) {}

  onModuleInit(): void {
    this.downloads.register({ kind: 'results', open: (id, caller) => this.results(id, caller) });
    this.downloads.register({ kind: 'entries', open: (id, caller) => this.entriesFile(id, caller) });
  }

  /** `/download/entries/{drawId}`: the entries file the draw ran on, byte for byte (its SHA-256 is on the draw). */
  private async entriesFile(id: string, caller: DownloadCaller | undefined) {
    if (!caller || !UUID_PATTERN.test(id)) return null;
    const draw = await this.draws.findById(id);
    if (!draw || !draw.entries.fileName || !mayAct(userCaller(caller), draw, OWNERSHIP.drawDownload)) return null;
    try {
      const file = await this.entriesIndex.openEntriesFile(draw.entries.fileName, { clientSession: draw.clientSession, userId: draw.ownerUserId });
      return { fileName: `FairDraw-entries-${displayIdOf(draw.id)}-${file.fileName}`, contentType: 'text/plain; charset=utf-8', body: file.body };
    } catch (error) {
      if (error instanceof UploadNotFoundError) return null;
      throw error;
    }
  }

  private async results(id: string, caller: DownloadCaller | undefined) {
    if (!caller || !UUID_PATTERN.test(id)) return null;
    const draw = await this.draws.findById(id);
    if (!draw || draw.state !== 'drawn' || !mayAct(userCaller(caller), draw, OWNERSHIP.drawDownload)) return null;
    const batches = this.winners.winnerBatches(id, RESULTS_BATCH_ROWS);
    const first = await batches.next();
    const firstBatch = first.done ? [] : first.value;
    const fileColumns = await this.fileColumnNames(draw);
    const widest = fileColumns?.length ?? firstBatch.reduce((max, winner) => Math.max(max, winner.columns?.length ?? 0), 0);
    const header = ['Prize', 'Prize description', 'Winner or reserve', 'Order', 'Entry number', ...(fileColumns ?? Array.from({ length: widest }, (_, i) => `Column ${i + 1}`))];
    const line = (winner: Winner) => [
      String(winner.prizeIndex + 1),
      draw.prizes[winner.prizeIndex]?.description ?? '',
      winner.kind === 'winner' ? 'Winner' : 'Reserve',
      String(winner.position + 1),
      String(winner.row + 1),
      ...(winner.columns ?? []),
    ];
    // Streamed from the database a batch at a time, as the client reads it: the next batch is read only when the
    // reply has taken the last one (a million winners never sit in memory). Each batch becomes one CSV chunk at once,
    // rather than a stream event and a string per row. Every cell that a spreadsheet would run as a formula is
    // neutralised.
    const csv = (winners: Winner[]) => stringify(winners.map((winner) => line(winner).map(escapeFormula)));
    async function* chunks() {
      yield stringify([header.map(escapeFormula)], { bom: true });
      if (firstBatch.length > 0) yield csv(firstBatch);
      for await (const batch of batches) if (batch.length > 0) yield csv(batch);
    }
    const body = Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
    return { fileName: `FairDraw-results-${displayIdOf(draw.id)}.csv`, contentType: 'text/csv; charset=utf-8', body };
  }

  /**
   * The entries file's own column names when its first row is a header (issue 27), else 'Column N' for each field of
   * its first row; null for a numbered draw, or when the file is gone (the stored rows then give the width).
   */
  private async fileColumnNames(draw: Draw): Promise<string[] | null> {
    if (!draw.entries.fileName) return null;
    try {
      const first = await this.entriesIndex.firstRowColumns(draw.entries.fileName, { clientSession: draw.clientSession, userId: draw.ownerUserId });
      if (!first) return null;
      return first.map((name, c) => (draw.entries.headerRow && name.trim() ? name.trim() : `Column ${c + 1}`));
    } catch (error) {
      if (error instanceof UploadNotFoundError) return null;
      throw error;
    }
  }
}
