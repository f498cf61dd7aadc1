import { currentManager } from '../../platform/database/transaction-scope.js';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Publication, PublicationSettings } from '../domain/publication-rules.js';

interface PublicationRow {
  draw_id: string;
  short_code: string;
  columns: number[];
  column_names: string[];
  prizes: number[];
  first_truncated: boolean;
  upper_case: boolean;
  entry_count: boolean;
  publish_date: Date;
  published: boolean;
  live: boolean;
  country_code: string | null;
}

const toDomain = (row: PublicationRow): Publication => ({
  drawId: row.draw_id,
  shortCode: row.short_code,
  columns: row.columns,
  names: row.column_names,
  prizes: row.prizes,
  truncated: row.first_truncated,
  upperCase: row.upper_case,
  entries: row.entry_count,
  publishDate: row.publish_date,
  published: row.published,
  live: row.live,
  countryCode: row.country_code,
});

@Injectable()
export class TypeormPublicationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(drawId: string): Promise<Publication | null> {
    const rows = (await this.dataSource.query('SELECT * FROM draw_publication WHERE draw_id = $1', [drawId])) as PublicationRow[];
    return rows[0] ? toDomain(rows[0]) : null;
  }

  async findByShortCode(shortCode: string): Promise<Publication | null> {
    const rows = (await this.dataSource.query('SELECT * FROM draw_publication WHERE short_code = $1', [shortCode])) as PublicationRow[];
    return rows[0] ? toDomain(rows[0]) : null;
  }

  /** Saves the settings as published (live at once when `live`). */
  async publish(p: PublicationSettings & { drawId: string; shortCode: string; live: boolean; countryCode: string | null }, at: Date): Promise<void> {
    await currentManager(this.dataSource).query(
      `INSERT INTO draw_publication (draw_id, short_code, columns, column_names, prizes, first_truncated, upper_case, entry_count, publish_date, published, live, went_live_at, country_code, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10, CASE WHEN $10 THEN $11::timestamptz END, $12, $11)
         ON CONFLICT (draw_id) DO UPDATE SET columns = $3, column_names = $4, prizes = $5, first_truncated = $6, upper_case = $7, entry_count = $8,
           publish_date = $9, published = true, live = $10, went_live_at = CASE WHEN $10 THEN $11::timestamptz END, country_code = $12, updated_at = $11`,
      [p.drawId, p.shortCode, p.columns, p.names, p.prizes, p.truncated, p.upperCase, p.entries, p.publishDate, p.live, at, p.countryCode],
    );
  }

  /** Takes the winners down; the settings stay for the next publication. False when nothing was published. */
  async unpublish(drawId: string, at: Date): Promise<boolean> {
    const [rows] = (await currentManager(this.dataSource).query(
      'UPDATE draw_publication SET published = false, live = false, went_live_at = NULL, updated_at = $2 WHERE draw_id = $1 AND published RETURNING draw_id',
      [drawId, at],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /** Published → live once its date has come; false when it was not due (or already live, or unpublished). */
  async goLive(drawId: string, at: Date): Promise<boolean> {
    const [rows] = (await this.dataSource.query(
      'UPDATE draw_publication SET live = true, went_live_at = $2, updated_at = $2 WHERE draw_id = $1 AND published AND NOT live AND publish_date <= $2 RETURNING draw_id',
      [drawId, at],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /** Draws whose publication is due and not yet live. */
  async dueDrawIds(before: Date): Promise<string[]> {
    const rows = (await this.dataSource.query('SELECT draw_id FROM draw_publication WHERE published AND NOT live AND publish_date <= $1', [before])) as { draw_id: string }[];
    return rows.map((row) => row.draw_id);
  }
}
