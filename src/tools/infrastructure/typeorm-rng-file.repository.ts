import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, MoreThan, type Repository } from 'typeorm';
import type { RngFile } from '../domain/rng-file.js';
import { RngFileMapper } from './rng-file.mapper.js';
import { RngFileOrmEntity } from './rng-file.orm-entity.js';

/** The stored requests behind the generators' downloads. */
@Injectable()
export class TypeormRngFileRepository {
  constructor(@InjectRepository(RngFileOrmEntity) private readonly rows: Repository<RngFileOrmEntity>) {}

  async save(file: RngFile): Promise<void> {
    await this.rows.insert(RngFileMapper.toRow(file));
  }

  /** The file if it exists and has not expired at `now`. */
  async findUnexpired(id: string, now: Date): Promise<RngFile | null> {
    const row = await this.rows.findOneBy({ id, expiresAt: MoreThan(now) });
    return row ? RngFileMapper.toDomain(row) : null;
  }

  /** Ids of files expired at `now`, at most `limit` of them. */
  async findExpiredIds(now: Date, limit: number): Promise<string[]> {
    const rows = await this.rows.find({ select: { id: true }, where: { expiresAt: LessThan(now) }, take: limit });
    return rows.map((row) => row.id);
  }

  /** Removes these files' requests. */
  async deleteByIds(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.rows.delete({ id: In(ids) });
  }
}
