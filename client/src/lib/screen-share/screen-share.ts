import Cookies from 'js-cookie';

/** Screen-share mode settings, kept in a cookie (part 1 §3, §9). */
export interface ScreenShareSettings {
  enabled: boolean;
  /** Show the entry count while screen sharing; off by default because the mode hides it. */
  entryCount: boolean;
  privacyWarnings: boolean;
  time: boolean;
  /** The clock's IANA time zone; empty for the browser's own (see screenShareTimeZone). */
  timezone: string;
  winnerModal: boolean;
  winnerModalReversePrizes: boolean;
}

const SCREEN_SHARE_COOKIE = 'screenshare';

let browserTimeZone: string | undefined;

/**
 * The zone the clock shows: the chosen one, else the browser's. The browser's is asked only here, where a clock
 * shows, and once: the first Intl.DateTimeFormat of a page is slow (a long task of every page's start when the
 * default settings held it).
 */
export function screenShareTimeZone(settings: ScreenShareSettings): string {
  browserTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return settings.timezone || browserTimeZone;
}

export function defaultScreenShareSettings(): ScreenShareSettings {
  return {
    enabled: false,
    entryCount: false,
    privacyWarnings: true,
    time: true,
    timezone: '',
    winnerModal: true,
    winnerModalReversePrizes: true,
  };
}

/** Reads the cookie; a missing, damaged or partial cookie falls back field by field to the defaults. */
export function parseScreenShareSettings(raw: string | undefined): ScreenShareSettings {
  const defaults = defaultScreenShareSettings();
  if (!raw) return defaults;
  try {
    const stored = JSON.parse(raw) as Partial<Record<keyof ScreenShareSettings, unknown>>;
    const merged: ScreenShareSettings = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof ScreenShareSettings)[]) {
      const value = stored[key];
      if (typeof value === typeof defaults[key]) (merged as unknown as Record<string, unknown>)[key] = value;
    }
    return merged;
  } catch {
    return defaults;
  }
}

export function readScreenShareCookie(): ScreenShareSettings {
  return parseScreenShareSettings(Cookies.get(SCREEN_SHARE_COOKIE));
}

export function writeScreenShareCookie(settings: ScreenShareSettings): void {
  Cookies.set(SCREEN_SHARE_COOKIE, JSON.stringify(settings), {
    path: '/',
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
    expires: 365,
  });
}
