import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, type Repository } from 'typeorm';
import type { RngFileRepository } from '../application/ports/rng-file.repository.port.js';
import type { RngFile } from '../domain/rng-file.js';
import { RngFileMapper } from './rng-file.mapper.js';
import { RngFileOrmEntity } from './rng-file.orm-entity.js';

@Injectable()
export class TypeormRngFileRepository implements RngFileRepository {
  constructor(@InjectRepository(RngFileOrmEntity) private readonly rows: Repository<RngFileOrmEntity>) {}

  async save(file: RngFile): Promise<void> {
    await this.rows.insert(RngFileMapper.toRow(file));
  }

  async findUnexpired(id: string, now: Date): Promise<RngFile | null> {
    const row = await this.rows.findOneBy({ id, expiresAt: MoreThan(now) });
    return row ? RngFileMapper.toDomain(row) : null;
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.rows.delete({ expiresAt: LessThan(now) });
    return result.affected ?? 0;
  }
}
