import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useAnalytics } from '../../shared/analytics/analytics-context';
import { type ScreenShareSettings, screenShareTimeZone, writeScreenShareCookie } from './screen-share';
import { screenShareChanged, selectScreenShare } from '../site/site-slice';

export interface ScreenShare {
  settings: ScreenShareSettings;
  /** Screen-share mode is on: private details are hidden. */
  sharing: boolean;
  /** Entry counts are hidden (the mode is on and the presenter did not choose to show them). */
  hidesEntryCount: boolean;
  /** Values of sensitive columns, entrants' e-mails and the account's e-mail are hidden. */
  hidesPrivateData: boolean;
  /** Changes settings: kept in the cookie, applied at once on every page, and reported to analytics. */
  update(change: Partial<ScreenShareSettings>): void;
}

/**
 * Screen-share mode for any page (part 1 §3, §4): read what to hide, or change the settings. Pages that show entry
 * counts, sensitive column values or e-mail addresses ask `hidesEntryCount` / `hidesPrivateData` before rendering them.
 */
export function useScreenShare(): ScreenShare {
  const settings = useAppSelector(selectScreenShare);
  const dispatch = useAppDispatch();
  const analytics = useAnalytics();
  const update = useCallback(
    (change: Partial<ScreenShareSettings>) => {
      // Saved settings name the clock's zone, the browser's until another is chosen (the defaults leave it empty).
      const merged = { ...settings, ...change };
      const next = { ...merged, timezone: screenShareTimeZone(merged) };
      writeScreenShareCookie(next);
      dispatch(screenShareChanged(next));
      analytics.event('screenShare', { enabled: next.enabled, entryCount: next.entryCount, time: next.time, winnerModal: next.winnerModal });
    },
    [settings, dispatch, analytics],
  );
  return {
    settings,
    sharing: settings.enabled,
    hidesEntryCount: settings.enabled && !settings.entryCount,
    hidesPrivateData: settings.enabled,
    update,
  };
}
