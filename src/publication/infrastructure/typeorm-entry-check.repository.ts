import type pg from 'pg';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { copyRows } from '../../platform/database/copy-rows.js';
import { JobsService } from '../../platform/jobs/jobs.service.js';
import type { Attempt } from '../../platform/rate-limit/rate-limit.service.js';
import type { EntryCheck, EntryCheckState } from '../domain/entry-check-rules.js';
import { DIGEST_BYTES } from '../domain/entry-digest.js';

interface EntryCheckRow {
  draw_id: string;
  short_code: string;
  check_id: number;
  column_idx: number;
  column_name: string;
  show_entries_count: boolean;
  enabled: boolean;
  state: EntryCheckState;
  error_message: string | null;
  processed_rows: string;
  total_rows: string;
  salt: Buffer;
  country_code: string | null;
}

const toDomain = (row: EntryCheckRow): EntryCheck => ({
  drawId: row.draw_id,
  shortCode: row.short_code,
  checkId: row.check_id,
  columnIdx: row.column_idx,
  columnName: row.column_name,
  showEntriesCount: row.show_entries_count,
  enabled: row.enabled,
  state: row.state,
  errorMessage: row.error_message,
  processedRows: Number(row.processed_rows),
  totalRows: Number(row.total_rows),
  salt: row.salt,
  countryCode: row.country_code,
});

/** Rows per statement when storing digests: one bytea of 16-byte digests and one array of entries each. */
const STORE_BATCH = 20_000;

@Injectable()
export class TypeormEntryCheckRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
  ) {}

  async find(drawId: string): Promise<EntryCheck | null> {
    return this.one('SELECT * FROM draw_entry_check WHERE draw_id = $1', [drawId]);
  }

  async findByShortCode(shortCode: string): Promise<EntryCheck | null> {
    return this.one('SELECT * FROM draw_entry_check WHERE short_code = $1', [shortCode]);
  }

  /** The configuration being processed, or null when it was replaced or cancelled since. */
  async current(checkId: number): Promise<EntryCheck | null> {
    return this.one('SELECT * FROM draw_entry_check WHERE check_id = $1 AND enabled', [checkId]);
  }

  /**
   * A new configuration: a new check id (the previous one's digests are removed), processing from the start. The
   * processing job ({ checkId } on `queue`) is queued in the same transaction, so it exists exactly when the
   * configuration does (and is not taken before the configuration is visible).
   */
  async configure(
    c: { drawId: string; shortCode: string; columnIdx: number; columnName: string; showEntriesCount: boolean; salt: Buffer; totalRows: number; countryCode: string | null },
    at: Date,
    queue: string,
  ): Promise<EntryCheck> {
    const row = await this.dataSource.transaction(async (manager) => {
      const previous = (await manager.query('SELECT check_id FROM draw_entry_check WHERE draw_id = $1 FOR UPDATE', [c.drawId])) as { check_id: number }[];
      const [saved] = (await manager.query(
        `INSERT INTO draw_entry_check (draw_id, short_code, check_id, column_idx, column_name, show_entries_count, enabled, state, error_message, processed_rows, total_rows, salt, country_code, updated_at)
         VALUES ($1, $2, nextval('entry_check_id'), $3, $4, $5, true, 'processing', NULL, 0, $6, $7, $8, $9)
         ON CONFLICT (draw_id) DO UPDATE SET check_id = nextval('entry_check_id'), column_idx = $3, column_name = $4, show_entries_count = $5, enabled = true,
           state = 'processing', error_message = NULL, processed_rows = 0, total_rows = $6, salt = $7, country_code = $8, updated_at = $9
         RETURNING *`,
        [c.drawId, c.shortCode, c.columnIdx, c.columnName, c.showEntriesCount, c.totalRows, c.salt, c.countryCode, at],
      )) as EntryCheckRow[];
      if (previous[0]) await manager.query('DELETE FROM entry_check_value WHERE check_id = $1', [previous[0].check_id]);
      await this.jobs.send(queue, { checkId: saved.check_id }, manager);
      return saved;
    });
    return toDomain(row);
  }

  /** Only the name and the entries count option changed: no new processing. */
  async rename(drawId: string, columnName: string, showEntriesCount: boolean, at: Date): Promise<void> {
    await this.dataSource.query('UPDATE draw_entry_check SET column_name = $2, show_entries_count = $3, updated_at = $4 WHERE draw_id = $1', [drawId, columnName, showEntriesCount, at]);
  }

  /** Disables the check and removes its digests. */
  /** The draws with an enabled check, a page at a time in id order. */
  async enabledDrawIds(afterDrawId: string | null, limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query('SELECT draw_id FROM draw_entry_check WHERE enabled AND ($1::uuid IS NULL OR draw_id > $1) ORDER BY draw_id LIMIT $2', [afterDrawId, limit])) as {
      draw_id: string;
    }[];
    return rows.map((row) => row.draw_id);
  }

  async cancel(drawId: string, at: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query('UPDATE draw_entry_check SET enabled = false, updated_at = $2 WHERE draw_id = $1 AND enabled RETURNING check_id', [drawId, at])) as [
        { check_id: number }[],
        number,
      ];
      if (rows.length === 0) return false;
      await manager.query('DELETE FROM entry_check_value WHERE check_id = $1', [rows[0].check_id]);
      return true;
    });
  }

  async progress(checkId: number, processedRows: number): Promise<void> {
    await this.dataSource.query(`UPDATE draw_entry_check SET processed_rows = $2 WHERE check_id = $1 AND state = 'processing'`, [checkId, processedRows]);
  }

  /** Ends processing of the check if it is still the current one. */
  async finish(checkId: number, state: Exclude<EntryCheckState, 'processing'>, errorMessage: string | null, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE draw_entry_check SET state = $2, error_message = $3, processed_rows = CASE WHEN $2 = 'processed' THEN total_rows ELSE processed_rows END, updated_at = $4
        WHERE check_id = $1 AND state = 'processing'`,
      [checkId, state, errorMessage, at],
    );
  }

  /** Stores sorted, distinct digests (16 bytes each, concatenated) and their entries. */
  async storeDigests(checkId: number, digests: Buffer, entries: Float64Array): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    try {
      async function* lines(): AsyncGenerator<string> {
        for (let from = 0; from < entries.length; from += STORE_BATCH) {
          const to = Math.min(entries.length, from + STORE_BATCH);
          let chunk = '';
          // bytea in COPY's text format: \\x and the hex digits (the backslash itself escaped for COPY).
          for (let i = from; i < to; i++) chunk += `${checkId}\t\\\\x${digests.toString('hex', i * DIGEST_BYTES, (i + 1) * DIGEST_BYTES)}\t${entries[i]}\n`;
          yield chunk;
        }
      }
      await copyRows((await runner.connect()) as pg.PoolClient, 'COPY entry_check_value (check_id, digest, entries) FROM STDIN', lines);
    } finally {
      await runner.release();
    }
  }

  async deleteDigests(checkId: number): Promise<void> {
    await this.dataSource.query('DELETE FROM entry_check_value WHERE check_id = $1', [checkId]);
  }

  /**
   * The entries of a digest, or null when no entry row has that value; read in the statement that counts the
   * entrant's attempt (an entrant's check is this one statement, issue 26), and only when the attempt is allowed.
   */
  async lookup(checkId: number, digest: Buffer, attempt: Attempt): Promise<number | null> {
    const rows = await attempt.consumeWith<{ entries: string }>({
      name: 'entry_check_lookup',
      text: 'SELECT entries FROM entry_check_value WHERE check_id = $1 AND digest = $2',
      values: [checkId, digest],
    });
    return rows[0] ? Number(rows[0].entries) : null;
  }

  private async one(sql: string, params: unknown[]): Promise<EntryCheck | null> {
    const rows = (await this.dataSource.query(sql, params)) as EntryCheckRow[];
    return rows[0] ? toDomain(rows[0]) : null;
  }
}
