/**
 * The build's prerendering (server-side rendering at build time, client/vite.config.ts): the first paint of a few
 * public pages comes with the HTML instead of after the scripts, which then hydrate it. Bundled by Vite for Node;
 * the server imports the same module to render the certificate page on request, with its data.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { type CertificateResponseDto, certificateApi } from '../api/certificate-api';
import { AppRoot } from '../app/app-root';
import { emptyApi } from '../api/empty-api';
import { siteApi, type SiteConfigurationResponseDto } from '../api/site-api';
import { API_CACHE_ELEMENT_ID } from '../app/prerendered';
import { type CountryCode, currentCountry, DEFAULT_COUNTRY, PRODUCT_DOMAINS } from '../lib/countries';
import { renderedFor } from '../lib/page-values';
import { appRoutes, resolveMatchingScreens, SCREEN_SOURCES } from '../app/router';
import { prefixedPaths, ROUTES, type RouteName, titleFor } from '../lib/routes';
import { createStore } from '../app/store';
import { noopAnalytics } from '../shared/analytics/analytics';
import { certificateHead } from '../features/certificates/certificate-head';
import { defaultScreenShareSettings } from '../lib/screen-share/screen-share';

export { PRERENDERED_ATTRIBUTE } from '../app/prerendered';
export { PRODUCT_DOMAINS };

/**
 * The pages prerendered, in the default country only (a country prefix or host changes wording and prices). Each
 * renders as a first visit without data does: the frame, the screen and its placeholders. Home is rendered on request
 * with its data (renderHomePage); this one is what the server sends when that fails.
 */
export const PRERENDERED_ROUTES: readonly RouteName[] = ['home', 'randomNumberGenerator'];

export interface PrerenderedPage {
  path: string;
  title: string;
  description: string;
  html: string;
}

/** The browser's store on a first visit (start.tsx) without cookies: no screen-share mode, no currency choice. */
const firstVisitStore = (country: CountryCode = DEFAULT_COUNTRY) => createStore({ site: { country, screenShare: defaultScreenShareSettings() } });

/**
 * A page rendered on request with its data in a store of its own. An entry put in the store with nothing subscribed
 * to it is due for removal after its keepUnusedDataFor (up to an hour): the store is reset once the page is made, so
 * the server keeps no timer, nor the store and its data, for any page it renders.
 */
async function withPageStore(country: CountryCode, render: (store: ReturnType<typeof createStore>) => Promise<string>): Promise<string> {
  const store = firstVisitStore(country);
  try {
    return await render(store);
  } finally {
    store.dispatch(emptyApi.util.resetApiState());
  }
}

/** The browser's first render of `path` on `hostname` with `store`. */
async function renderApp(path: string, store = firstVisitStore(), hostname = ''): Promise<string> {
  const routes = appRoutes();
  await resolveMatchingScreens(routes, path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderedFor(hostname, () => renderToString(<AppRoot store={store} router={router} analytics={noopAnalytics} />));
}

export async function renderPage(name: RouteName): Promise<PrerenderedPage> {
  const route = ROUTES[name];
  return { path: route.path, title: titleFor(route, DEFAULT_COUNTRY), description: route.description, html: await renderApp(route.path) };
}

/**
 * What the build leaves in the certificate page's template (client/vite.config.ts) for renderCertificatePage to fill
 * on each request.
 */
export const PAGE_MARKERS = { title: '%FAIRDRAW_TITLE%', description: '%FAIRDRAW_DESCRIPTION%', html: '%FAIRDRAW_ROOT%', data: '%FAIRDRAW_DATA%' } as const;
/** Any of the markers (letters, `_` and `%`: nothing to escape in a regular expression). */
const TEMPLATE_MARKER = new RegExp(Object.values(PAGE_MARKERS).join('|'), 'g');

/** Escapes text for HTML content or a quoted attribute (the build's page titles and descriptions use it too). */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page in `template` with its head, its markup and, for the browser's store, the API cache it was rendered with
 * (restoreApiCache).
 */
function filledTemplate(template: string, head: { title: string; description: string }, html: string, store: ReturnType<typeof createStore>): string {
  // The slice alone (the other queries of the first render are still to be made, in the browser as here). JSON in
  // a script element: `<` escaped, so no text in the data can end the element.
  const cache = JSON.stringify({ [certificateApi.reducerPath]: store.getState()[certificateApi.reducerPath] }).replace(/</g, '\\u003c');
  const filled: Record<string, string> = {
    [PAGE_MARKERS.title]: escapeHtml(head.title),
    [PAGE_MARKERS.description]: escapeHtml(head.description),
    [PAGE_MARKERS.html]: html,
    [PAGE_MARKERS.data]: `<script type="application/json" id="${API_CACHE_ELEMENT_ID}">${cache}</script>`,
  };
  // One pass over the template: a marker inside a draw's text (its name in the title, the description, the page)
  // arrives as replacement text, which is never searched again. One replace per marker would fill the first
  // occurrence of the next marker, which can be in the text put in before it.
  return template.replace(TEMPLATE_MARKER, (marker) => filled[marker]);
}

/**
 * The certificate page at `path` (`/cert/{shortCode}/` or `/cert/{shortCode}x/`) rendered on request with its
 * certificate, exactly as GET /api/certificate/{shortCode} answers it: the page in `template`, with the certificate's
 * title and description and, for the browser's store, the API cache it was rendered with (restoreApiCache).
 */
export async function renderCertificatePage(template: string, path: string, certificate: CertificateResponseDto): Promise<string> {
  return withPageStore(DEFAULT_COUNTRY, async (store) => {
    store.dispatch(certificateApi.util.upsertQueryEntries([{ endpointName: 'getCertificate', arg: { shortCode: certificate.shortCode }, value: certificate }]));
    return filledTemplate(template, certificateHead(certificate), await renderApp(path, store), store);
  });
}

/**
 * A country site's home page (`/`, `/au/`, … on `hostname`) rendered on request with the site configuration of its
 * country, exactly as GET /api/site/configuration?country= answers it: its prices, limits and rating are in the
 * page (issue 27), and in the API cache the browser's store starts with.
 */
export async function renderHomePage(template: string, path: string, hostname: string, configuration: SiteConfigurationResponseDto): Promise<string> {
  const country = currentCountry(path, hostname);
  return withPageStore(country, async (store) => {
    // The very entry the page's first render reads (the frame's and the prices' query without a currency choice).
    store.dispatch(siteApi.util.upsertQueryEntries([{ endpointName: 'getSiteConfiguration', arg: { country }, value: configuration }]));
    const html = await renderApp(path, store, hostname);
    return filledTemplate(template, { title: titleFor(ROUTES.home, country), description: ROUTES.home.description }, html, store);
  });
}

/** Each route's paths (React Router patterns, every country prefix) and its screen's source, a key of Vite's manifest. */
export function routeScreens(): { name: RouteName; paths: string[]; source: string }[] {
  return (Object.keys(ROUTES) as RouteName[]).map((name) => ({
    name,
    paths: prefixedPaths(ROUTES[name]),
    source: `src/${SCREEN_SOURCES[name].replace(/^\.\.\//, '').replace(/^\.\//, 'app/')}`,
  }));
}
