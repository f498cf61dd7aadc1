import { Injectable } from '@nestjs/common';
import type { Draw, Winner } from '../../draws/domain/draw.js';
import { EntriesIndexService } from '../../uploads/application/entries-index.service.js';
import { SHOWN_ROWS } from '../../uploads/domain/entries-reports.js';
import { detectSensitiveColumns, sensitiveSampleRowCount } from '../../uploads/domain/sensitive-columns.js';
import { type DrawColumn, MAX_EXAMPLE_ROWS } from '../domain/publication-rules.js';

/** The column of a simple draw (no file): its entry number. */
const ENTRY_NUMBER_COLUMN: DrawColumn = { name: 'Entry number', blacklisted: false };

export interface DrawColumns {
  columns: DrawColumn[];
  /** The first entry rows (at most 5), for the preview before the draw. */
  exampleRows: string[][];
}

/**
 * The columns a draw's entries have, with the personal-data ones marked by the same rules confirmation used (the
 * header names and a sample of the first rows), read from the entries file through the uploads module.
 */
@Injectable()
export class DrawColumnsService {
  constructor(private readonly entriesIndex: EntriesIndexService) {}

  async of(draw: Draw): Promise<DrawColumns> {
    const { entries } = draw;
    if (entries.method === 'simple' || !entries.fileName) {
      const examples = Math.min(MAX_EXAMPLE_ROWS, entries.entryCount);
      return { columns: [ENTRY_NUMBER_COLUMN], exampleRows: Array.from({ length: examples }, (_, i) => [String(i + 1)]) };
    }
    const access = { clientSession: draw.clientSession, userId: draw.ownerUserId };
    const index = await this.entriesIndex.load(entries.fileName, access, { headerRow: false, entryCountColumn: null, uniqueEntrantIdColumn: null });
    // The rows confirmation sampled (not all of the first thousand, which for long rows is hundreds of MB).
    const sampled = sensitiveSampleRowCount(index.rowStarts, index.rowLengths, index.entryCount, SHOWN_ROWS);
    const read = Math.max(sampled, Math.min(index.entryCount, MAX_EXAMPLE_ROWS + (entries.headerRow ? 1 : 0)));
    const rows = await this.entriesIndex.readRows(
      index,
      Array.from({ length: read }, (_, i) => i),
    );
    const first = rows[0] ?? [];
    const sensitive = detectSensitiveColumns(first, rows.slice(0, sampled));
    const columns = first.map((name, c) => ({ name: entries.headerRow ? name.trim() || `Column ${c + 1}` : `Column ${c + 1}`, blacklisted: sensitive[c] !== null }));
    const entryRows = entries.headerRow ? rows.slice(1) : rows;
    return { columns, exampleRows: entryRows.slice(0, MAX_EXAMPLE_ROWS) };
  }
}

/** A winner's values by column: the row's fields, or its entry number for simple draws. */
export function winnerValues(winner: Winner): string[] {
  return winner.columns ?? [String(winner.row + 1)];
}
