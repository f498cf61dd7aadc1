import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { selectAnalytics } from '../shared/analytics/analytics';
import { readCurrencyCookie } from '../lib/site/currency-cookie';
import { readScreenShareCookie } from '../lib/screen-share/screen-share';
import { currentCountry } from '../lib/countries';
import { replayHeldInputs, replayHeldSubmissions } from '../lib/first-input';
import { deferUntilEngagement } from '../shared/hydrate-on-engagement';
import { blockBackspaceNavigation } from './keyboard';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { yieldToBrowser } from './yield';

/** How a prerendered page is started. */
export interface PrerenderedStart {
  /** The visitor's first input started the app: every part hydrates now. */
  engaged: boolean;
}

/**
 * Starts the app in `container`: hydrates the prerendered page it holds (`prerenderedStart`), or renders the page.
 * Under a prerendered page the visitor already sees the content: the work goes in short tasks, leaving the browser
 * free in between.
 */
export async function start(container: HTMLElement, prerenderedStart?: PrerenderedStart): Promise<void> {
  blockBackspaceNavigation(document);
  const prerendered = prerenderedStart !== undefined;
  const pause = prerendered ? yieldToBrowser : async () => {};
  // From here, not from the hydration: an input while the app starts counts as the visitor's first.
  if (prerenderedStart && !prerenderedStart.engaged) deferUntilEngagement(window);
  // The app's code is evaluated in stages, a task each (the store and its API, the routes and the page frame, the
  // providers), instead of one long task: on a phone evaluating it all at once blocks the page for a few hundred ms.
  const [{ createStore }, { restoreApiCache }] = await Promise.all([import('./store'), import('./api-cache')]);
  await pause();
  // The currency choice is read once here rather than by each price on every render.
  // The country site's from the start: a page rendered on the server with its country's data hydrates with it.
  const country = currentCountry(window.location.pathname, window.location.hostname);
  const store = createStore({ site: { country, screenShare: readScreenShareCookie(), currency: readCurrencyCookie() } });
  // A page rendered on request holds the data it was rendered with: hydration reads it instead of fetching.
  restoreApiCache(store, document);
  // What the page was rendered from (a prerendered page: no data yet): the parts hydrated later read it too, not answers since arrived.
  const serverState = prerendered ? store.getState() : undefined;
  await pause();
  const { appRoutes, createAppRouter, resolveMatchingScreens } = await import('./router');
  await pause();
  const routes = appRoutes();
  // A prerendered page hydrates on its own screen, so that screen is loaded first (the page preloads its chunk).
  if (prerendered) {
    await resolveMatchingScreens(routes, window.location.pathname);
    await pause();
  }
  const router = createAppRouter(routes);
  await pause();
  if (prerendered) {
    // The page's first Intl formatter loads the locale's data (about 100 ms on a slow phone): here it is a task of
    // its own, instead of lengthening the long render that shows the first prices once the configuration arrives.
    new Intl.NumberFormat().format(0);
    await pause();
  }
  const { AppRoot } = await import('./app-root');
  await pause();
  // Once hydrated the page is the app's: the marker goes (what tests wait for before they interact).
  const started = () => {
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    replayHeldSubmissions(window);
  };
  const app = <AppRoot store={store} serverState={serverState} router={router} analytics={selectAnalytics(window)} onStarted={prerendered ? started : undefined} />;
  if (prerenderedStart) {
    // A transition: hydration yields to the browser between pieces instead of blocking it in one long task.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    // React listens from here: what the visitor did meanwhile reaches it now (hydrating at once what it touches).
    replayHeldInputs(window, container);
  } else {
    createRoot(container).render(app);
  }
}
