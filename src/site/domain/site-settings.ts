/** Limits an administrator can change at run time (part 1 §9: "all site settings"). */
export interface SiteSettings {
  uploadLimitMb: number;
  winnersLimit: number;
  randomNumberRowsLimit: number;
}

export type SiteSettingKey = keyof SiteSettings;

export const SITE_SETTING_KEYS: readonly SiteSettingKey[] = ['uploadLimitMb', 'winnersLimit', 'randomNumberRowsLimit'];

/** Stored values override the configured defaults one by one, so a new setting never needs a data migration. */
export function mergeSiteSettings(defaults: SiteSettings, stored: Partial<SiteSettings>): SiteSettings {
  const merged = { ...defaults };
  for (const key of SITE_SETTING_KEYS) {
    const value = stored[key];
    if (value !== undefined && Number.isSafeInteger(value) && value > 0) merged[key] = value;
  }
  return merged;
}
