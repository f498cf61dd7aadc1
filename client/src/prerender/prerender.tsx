/**
 * The build's prerendering (server-side rendering at build time, client/vite.config.ts): the first paint of a few
 * public pages comes with the HTML instead of after the scripts, which then hydrate it. Bundled by Vite for Node.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from '../app/app-root';
import { DEFAULT_COUNTRY, PRODUCT_DOMAINS } from '../app/countries';
import { appRoutes, resolveMatchingScreens, SCREEN_SOURCES } from '../app/router';
import { prefixedPaths, ROUTES, type RouteName, titleFor } from '../app/routes';
import { createStore } from '../app/store';
import { noopAnalytics } from '../features/analytics/analytics';
import { defaultScreenShareSettings } from '../features/site/screen-share';

export { PRERENDERED_ATTRIBUTE } from '../app/prerendered';
export { PRODUCT_DOMAINS };

/**
 * The pages prerendered, in the default country only (a country prefix or host changes wording and prices). Each
 * renders as a first visit without data does: the frame, the screen and its placeholders.
 */
export const PRERENDERED_ROUTES: readonly RouteName[] = ['home', 'randomNumberGenerator'];

export interface PrerenderedPage {
  path: string;
  title: string;
  description: string;
  html: string;
}

export async function renderPage(name: RouteName): Promise<PrerenderedPage> {
  const route = ROUTES[name];
  const routes = appRoutes();
  await resolveMatchingScreens(routes, route.path);
  const router = createMemoryRouter(routes, { initialEntries: [route.path] });
  // The browser's start (main.tsx) without cookies: no screen-share mode, no currency choice.
  const store = createStore({ site: { country: DEFAULT_COUNTRY, screenShare: defaultScreenShareSettings() } });
  const html = renderToString(<AppRoot store={store} router={router} analytics={noopAnalytics} />);
  return { path: route.path, title: titleFor(route, DEFAULT_COUNTRY), description: route.description, html };
}

/** Each route's paths (React Router patterns, every country prefix) and its screen's source, a key of Vite's manifest. */
export function routeScreens(): { name: RouteName; paths: string[]; source: string }[] {
  return (Object.keys(ROUTES) as RouteName[]).map((name) => ({
    name,
    paths: prefixedPaths(ROUTES[name]),
    source: `src/${SCREEN_SOURCES[name].replace(/^\.\.\//, '').replace(/^\.\//, 'app/')}`,
  }));
}
