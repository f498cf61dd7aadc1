import { useEffect } from 'react';
import { accountApi } from '../../api/account-api';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { clientSessionId } from '../../lib/session/client-session';
import { selectSessionEnding, selectUser } from '../../lib/session/session-slice';
import { SESSION_CHECK_INTERVAL_MS } from './session-timing';
import { useEndSession } from '../../lib/session/use-end-session';

/**
 * The authentication check of part 1 §4: every 10 s while logged in, with the tab's clientSession. No answer at
 * all (offline) proves nothing and is ignored; any other failure means the session is gone, and the user is sent
 * home with logout set.
 */
export function useSessionCheck(): void {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((state) => selectUser(state) !== null);
  const ending = useAppSelector(selectSessionEnding);
  const endSession = useEndSession();

  useEffect(() => {
    if (!loggedIn || ending) return;
    const clientSession = clientSessionId();
    let inFlight = false;
    const handle = window.setInterval(() => {
      // A slow server must not pile up checks.
      if (inFlight) return;
      inFlight = true;
      // Untracked: a call every 10 s would otherwise leave a result in the store each time.
      dispatch(accountApi.endpoints.sessionCheck.initiate({ clientSession }, { track: false }))
        .unwrap()
        .then((result) => {
          if (result.outcome === 'ended') void endSession('true');
        })
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
        });
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(handle);
  }, [loggedIn, ending, dispatch, endSession]);
}
