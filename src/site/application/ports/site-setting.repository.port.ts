import type { SiteSettings } from '../../domain/site-settings.js';

export interface SiteSettingRepository {
  /** The settings an administrator has stored; absent keys fall back to the configured defaults. */
  loadStored(): Promise<Partial<SiteSettings>>;
}
