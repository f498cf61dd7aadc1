import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { selectSessionEnding, selectSessionLoaded, selectUser } from '../lib/session/session-slice';
import { UnknownUrl } from '../shared/errors/components/unknown-url';
import { useAppSelector } from '../lib/hooks';
import { paramsAreValid, ROUTES, type RouteName } from '../lib/routes';
import { useRouteLink } from '../lib/use-route-link';

/** Applies the route table's rules before a screen renders: typed parameters, and private routes need a login. */
export function RouteGate({ name, children }: { name: RouteName; children: ReactNode }) {
  const params = useParams();
  const location = useLocation();
  const user = useAppSelector(selectUser);
  const loaded = useAppSelector(selectSessionLoaded);
  const ending = useAppSelector(selectSessionEnding);
  const link = useRouteLink();
  const route = ROUTES[name];
  if (!paramsAreValid(route, params)) return <UnknownUrl />;
  if (route.module === 'private') {
    // Until the account has loaded a returning user looks like a visitor; while logging out the page is about to
    // reload home. Deciding in either moment would flash the login screen.
    if (!loaded || ending) {
      return (
        <Center py={80}>
          <Loader aria-label="Loading your account" />
        </Center>
      );
    }
    if (!user) {
      const returnUrl = location.pathname + location.search + location.hash;
      return <Navigate to={link('login', { query: { ReturnUrl: returnUrl } })} replace />;
    }
  }
  return <>{children}</>;
}
