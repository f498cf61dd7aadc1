import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useLogOutMutation } from '../../api/account-api';
import { useAppDispatch } from '../hooks';
import { splitCountryPrefix } from '../countries';
import { pathFor } from '../routes';
import type { RootState } from '../state';
import { forgetTab } from './client-session';
import { sessionEnding } from './session-slice';

/** Home's `logout` notice: the visitor logged out or the session ended (`true`), or it timed out idle. */
export type LogoutReason = 'true' | 'inactive';

/**
 * Logout as part 1 §4 has it: the user is cleared, the server ends the session, the tab's stored state is forgotten
 * and home is loaded afresh, so no state of the old session survives, in memory or in the tab. Used by the menu, the
 * idle timeout and a failed session check.
 */
export function useEndSession(): (reason: LogoutReason) => Promise<void> {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const [logOut] = useLogOutMutation();
  return useCallback(
    async (reason: LogoutReason) => {
      if (store.getState().session.ending) return;
      dispatch(sessionEnding());
      try {
        await logOut().unwrap();
      } catch {
        // Reloading home regardless is right: the page then shows whether the server still knows the session.
      }
      forgetTab();
      const { prefix } = splitCountryPrefix(window.location.pathname);
      window.location.assign(pathFor('home', { country: prefix, query: { logout: reason } }));
    },
    [dispatch, store, logOut],
  );
}
