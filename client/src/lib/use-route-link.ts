import { useLocation } from 'react-router';
import { splitCountryPrefix } from './countries';
import { pathFor, type PathOptions, type RouteName } from './routes';

/** Builds links that stay on the country prefix the visitor arrived with (part 1 §2). */
export function useRouteLink(): (name: RouteName, options?: Omit<PathOptions, 'country'>) => string {
  const { pathname } = useLocation();
  const { prefix } = splitCountryPrefix(pathname);
  return (name, options) => pathFor(name, { ...options, country: prefix });
}
