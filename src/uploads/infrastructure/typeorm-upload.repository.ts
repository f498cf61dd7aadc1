import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { currentManager } from '../../platform/database/transaction-scope.js';
import type { EntriesInspection, EntriesProcessing, Upload } from '../domain/upload.js';
import { UploadMapper } from './upload.mapper.js';
import { UploadOrmEntity } from './upload.orm-entity.js';

@Injectable()
export class TypeormUploadRepository {
  constructor(@InjectRepository(UploadOrmEntity) private readonly rows: Repository<UploadOrmEntity>) {}

  async insert(upload: Upload): Promise<void> {
    await this.rows.insert(UploadMapper.toOrm(upload));
  }

  async findById(id: string): Promise<Upload | null> {
    const row = await this.rows.findOneBy({ id });
    return row ? UploadMapper.toDomain(row) : null;
  }

  async saveInspection(id: string, inspection: EntriesInspection): Promise<void> {
    await this.rows.query('UPDATE upload SET inspection = $2::jsonb WHERE id = $1', [id, JSON.stringify(inspection)]);
  }

  /** Ids of uploads made before `before`, in id order after `afterId` (a page of at most `limit`). */
  async idsCreatedBefore(before: Date, afterId: string, limit: number): Promise<string[]> {
    const rows = (await this.rows.query('SELECT id FROM upload WHERE created_at < $1 AND id > $2 ORDER BY id LIMIT $3', [before, afterId, limit])) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** Which of these uploads have a row. */
  async existingIds(ids: string[]): Promise<Set<string>> {
    const rows = (await this.rows.query('SELECT id FROM upload WHERE id = ANY($1)', [ids])) as { id: string }[];
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Marks the upload as taken by a draw, in the draw's transaction when there is one: false when it is gone. Until
   * that transaction ends, the row lock it takes holds off the retention sweep's removal (removeUnclaimed).
   */
  async claim(id: string, at: Date): Promise<boolean> {
    const [rows] = (await currentManager(this.rows.manager.connection).query('UPDATE upload SET claimed_at = $2 WHERE id = $1 RETURNING id', [id, at])) as [unknown[], number];
    return rows.length > 0;
  }

  /**
   * Removes an upload made before `before` that no draw claimed since then: under its row lock, `removeFiles` first,
   * then the row, so a draw claiming it meanwhile either came first (and it stays) or finds it gone. False when it
   * was claimed (or is gone); a failure of `removeFiles` leaves the row for the next sweep.
   */
  async removeUnclaimed(id: string, before: Date, removeFiles: () => Promise<void>): Promise<boolean> {
    return this.rows.manager.transaction(async (manager) => {
      const locked = (await manager.query('SELECT id FROM upload WHERE id = $1 AND created_at < $2 AND (claimed_at IS NULL OR claimed_at < $2) FOR UPDATE', [id, before])) as unknown[];
      if (locked.length === 0) return false;
      await removeFiles();
      await manager.query('DELETE FROM upload WHERE id = $1', [id]);
      return true;
    });
  }

  async saveProcessing(id: string, processing: EntriesProcessing): Promise<void> {
    await this.rows.query('UPDATE upload SET processing = $2::jsonb WHERE id = $1', [id, JSON.stringify(processing)]);
  }
}
