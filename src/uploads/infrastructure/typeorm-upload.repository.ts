import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
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

  async delete(id: string): Promise<void> {
    await this.rows.delete({ id });
  }

  async saveProcessing(id: string, processing: EntriesProcessing): Promise<void> {
    await this.rows.query('UPDATE upload SET processing = $2::jsonb WHERE id = $1', [id, JSON.stringify(processing)]);
  }
}
