import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import type { Branding } from '#rules';
import { BrandingMapper } from './branding.mapper.js';
import { BrandingUploadOrmEntity, DrawBrandingOrmEntity } from './branding.orm-entity.js';
import type { BrandingUpload } from '../domain/branding-images.js';

@Injectable()
export class TypeormBrandingRepository {
  constructor(
    @InjectRepository(DrawBrandingOrmEntity) private readonly brandings: Repository<DrawBrandingOrmEntity>,
    @InjectRepository(BrandingUploadOrmEntity) private readonly uploads: Repository<BrandingUploadOrmEntity>,
  ) {}

  async find(drawId: string): Promise<Branding | null> {
    const row = await this.brandings.findOneBy({ drawId });
    return row ? BrandingMapper.toDomain(row) : null;
  }

  async save(drawId: string, ownerUserId: string | null, branding: Branding, at: Date): Promise<void> {
    await this.brandings.upsert({ drawId, ownerUserId, spec: BrandingMapper.spec(branding), updatedAt: at }, ['drawId']);
  }

  /** The owner's branded draws, most recently branded first (the reuse list). */
  async listForOwner(ownerUserId: string, limit: number): Promise<{ drawId: string; branding: Branding }[]> {
    const rows = await this.brandings.find({ where: { ownerUserId }, order: { updatedAt: 'DESC' }, take: limit });
    return rows.map((row) => ({ drawId: row.drawId, branding: BrandingMapper.toDomain(row) }));
  }

  async saveUpload(upload: BrandingUpload): Promise<void> {
    await this.uploads.insert({ ...upload });
  }

  async findUpload(id: string): Promise<BrandingUpload | null> {
    const row = await this.uploads.findOneBy({ id });
    return row ? BrandingMapper.upload(row) : null;
  }

  /** Ids of uploads made before `before` (oldest first, at most `limit`). */
  async uploadsOlderThan(before: Date, limit: number): Promise<string[]> {
    const rows = await this.uploads.find({ select: { id: true }, where: { createdAt: LessThan(before) }, order: { createdAt: 'ASC' }, take: limit });
    return rows.map((row) => row.id);
  }

  async deleteUpload(id: string): Promise<void> {
    await this.uploads.delete({ id });
  }
}
