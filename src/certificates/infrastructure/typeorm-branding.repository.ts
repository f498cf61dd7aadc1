import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import type { Branding } from '#rules';
import { BrandingMapper } from './branding.mapper.js';
import { BrandingUploadOrmEntity, DrawBrandingOrmEntity } from './branding.orm-entity.js';
import type { BrandingUpload, StoredBranding } from '../domain/branding-images.js';

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

  /** The saved branding with where its images are stored, or null when the draw has none saved. */
  async findStored(drawId: string): Promise<StoredBranding | null> {
    const row = await this.brandings.findOneBy({ drawId });
    return row ? BrandingMapper.stored(row) : null;
  }

  /**
   * Replaces a draw's branding with what `next` makes of the saved one (null when none), which it reads under a lock
   * of the draw's branding held until the commit: of two saves at once, the second builds on the first's row, and so
   * names only images that the first did not replace. `next` may throw to refuse. Answers the rows before and after.
   */
  async replace(drawId: string, ownerUserId: string | null, at: Date, next: (current: StoredBranding | null) => StoredBranding): Promise<{ before: StoredBranding | null; after: StoredBranding }> {
    return this.brandings.manager.transaction(async (manager) => {
      // A lock of its own rather than the row's: before the first save there is no row to lock.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('draw_branding ' || $1, 0))`, [drawId]);
      const row = await manager.findOneBy(DrawBrandingOrmEntity, { drawId });
      const before = row ? BrandingMapper.stored(row) : null;
      const after = next(before);
      await manager.upsert(DrawBrandingOrmEntity, { drawId, ownerUserId, spec: BrandingMapper.spec(after.branding), imageKeys: after.imageKeys, updatedAt: at }, ['drawId']);
      return { before, after };
    });
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
