import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { SiteSettings } from '../domain/site-settings.js';
import { SiteSettingMapper } from './site-setting.mapper.js';
import { SiteSettingOrmEntity } from './site-setting.orm-entity.js';

@Injectable()
export class TypeormSiteSettingRepository {
  constructor(@InjectRepository(SiteSettingOrmEntity) private readonly rows: Repository<SiteSettingOrmEntity>) {}

  /** The settings an administrator has stored; absent keys fall back to the configured defaults. */
  async loadStored(): Promise<Partial<SiteSettings>> {
    return SiteSettingMapper.toDomain(await this.rows.find());
  }
}
