import { useEffect } from 'react';
import { siteApi } from '../../api/site-api';
import { useAppDispatch } from '../../lib/hooks';
import { useCurrentRoute } from '../../lib/route-handle';
import { shouldReloadForVersion } from './session-timing';

/**
 * Part 1 §4: entering home with a client older (or newer) than the server hard-reloads the page, so a visitor who
 * kept a tab open across a deploy starts the wizard on the current client. Home is the moment because nothing is
 * being typed there yet.
 */
export function useVersionReload(): void {
  const dispatch = useAppDispatch();
  const atHome = useCurrentRoute()?.name === 'home';

  useEffect(() => {
    if (!atHome) return;
    let current = true;
    dispatch(siteApi.endpoints.getVersion.initiate({ ts: String(Date.now()) }, { subscribe: false }))
      .unwrap()
      .then((serverVersion) => {
        if (current && shouldReloadForVersion(serverVersion, __APP_VERSION__, tabStorage())) window.location.reload();
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [atHome, dispatch]);
}

function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
