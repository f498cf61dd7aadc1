import { useMatches } from 'react-router';
import { ROUTES, type RouteDefinition, type RouteName } from './routes';

export interface RouteHandle {
  name: RouteName;
}

/** The route-table entry of the screen being shown, if the URL matched one. */
export function useCurrentRoute(): { name: RouteName; route: RouteDefinition } | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.name) return { name: handle.name, route: ROUTES[handle.name] };
  }
  return undefined;
}
