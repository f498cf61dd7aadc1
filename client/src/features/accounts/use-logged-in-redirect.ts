import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../lib/hooks';
import { useRouteLink } from '../../lib/use-route-link';
import { destinationAfterLogin } from './return-url';
import { selectSessionLoaded, selectUser } from '../../lib/session/session-slice';

/**
 * A logged-in user on login or register goes to the ReturnUrl, or to the draws list (part 1 §6). Answers
 * whether the page should wait: until the account has loaded nobody knows whether to show the form.
 * `paused` holds the redirect while the page itself is finishing a submit that navigates elsewhere.
 */
export function useLoggedInRedirect(returnUrl: string | null, paused = false): { waiting: boolean } {
  const navigate = useNavigate();
  const link = useRouteLink();
  const loaded = useAppSelector(selectSessionLoaded);
  const loggedIn = useAppSelector((state) => selectUser(state) !== null);
  const done = useRef(false);

  useEffect(() => {
    if (!loaded || !loggedIn || paused || done.current) return;
    done.current = true;
    void navigate(destinationAfterLogin(returnUrl, link('draws'), window.location.origin), { replace: true });
  }, [loaded, loggedIn, paused, returnUrl, navigate, link]);

  return { waiting: !loaded || (loggedIn && !paused) };
}
