import { SITE_SETTING_KEYS, type SiteSettingKey, type SiteSettings } from '../domain/site-settings.js';
import type { SiteSettingOrmEntity } from './site-setting.orm-entity.js';

export class SiteSettingMapper {
  /** Rows whose key the domain no longer knows are ignored rather than failing the whole page. */
  static toDomain(rows: SiteSettingOrmEntity[]): Partial<SiteSettings> {
    const settings: Partial<SiteSettings> = {};
    for (const row of rows) {
      if ((SITE_SETTING_KEYS as readonly string[]).includes(row.key)) settings[row.key as SiteSettingKey] = row.value;
    }
    return settings;
  }
}
