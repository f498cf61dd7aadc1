import { memo, Suspense } from 'react';
import { useGetAccountQuery } from '../../../api/account-api';
import { useSessionCheck } from '../use-session-check';
import { useVersionReload } from '../use-version-reload';
import { IdleWarning } from './idle-warning';

const selectNothing = () => ({});

/**
 * The session behaviour every page shares (part 1 §4), mounted once by the page frame: the user is loaded at
 * start (and again whenever a call may have changed it), checked every 10 s, warned when idle, and the client is
 * reloaded when the server runs a different version. Memoised: the frame re-renders when the site configuration
 * arrives, and the idle warning's modal need not.
 */
export const SessionKeeper = memo(function SessionKeeper() {
  // Subscribing keeps the account cached; the session slice takes the user from every answer. Nothing is selected:
  // the keeper does not re-render for the request's progress.
  useGetAccountQuery(undefined, { selectFromResult: selectNothing });
  useSessionCheck();
  useVersionReload();
  // Its modal's portal mounts with the page's later parts (a Suspense boundary), not in the task committing the page.
  return (
    <Suspense>
      <IdleWarning />
    </Suspense>
  );
});
