import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachePolicy, type PublicAnswer, type PublicCacheSettings, PRIVATE_ANSWER, publicAnswer, sendPublicAnswer, VersionedCache } from './public-answers.js';
import { SESSION_COOKIE_NAME } from './sessions.js';

const COUNTRY_PREFIX = /^\/(au|ca|nz|uk|us)(?=\/|$)/;
/** A public certificate page, `/cert/{shortCode}/` with no suffix or `x` (part 1 §2). */
const CERTIFICATE_PAGE = /^\/cert\/([A-Z]{5})x?\/$/;

/**
 * Whether a request that matched no server route is a page of the client (history fallback) rather than a missing
 * API resource or file. `/api/` itself, with or without a country prefix, is the client's API page.
 */
function isClientPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0].replace(COUNTRY_PREFIX, '') || '/';
  if (path === '/api' || path === '/api/') return true;
  if (path.startsWith('/api/') || path.startsWith('/download/') || path.startsWith('/assets/')) return false;
  // A last segment with an extension is a file the build does not have.
  return !/\.[a-z0-9]+$/i.test(path);
}

/** An executable inline script: no src, and no data type (JSON, JSON-LD) that the browser never runs. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of every inline script the build's pages carry: the start
 * script of each prerendered page and of the certificate page's template. The server adds none of its own, so these
 * hashes are all the policy has to allow; a page rendered on request fills only markup and JSON data around them.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const root = resolve(distDir);
  const prerenderedFile = join(root, PRERENDERED_FILE);
  const html = [join(root, 'index.html')].filter(existsSync).map((file) => readFileSync(file, 'utf8'));
  if (existsSync(prerenderedFile)) {
    const build = JSON.parse(readFileSync(prerenderedFile, 'utf8')) as PrerenderedBuild;
    html.push(...Object.values(build.pages), build.certificateTemplate ?? '', build.homeTemplate ?? '');
  }
  const scripts = new Set(html.flatMap((page) => [...page.matchAll(INLINE_SCRIPT)].map((match) => match[1])));
  return [...scripts].map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
}

export type ClientFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/** What the client build writes beside its manifest (client/vite.config.ts, `prerender`). */
const PRERENDERED_FILE = '.vite/prerendered.json';
/** The client's prerendering module built for Node (client/vite.config.ts, RENDERER_DIR), which renders pages with data. */
const RENDERER_FILE = '.vite/ssr/prerender.js';

/** The largest certificate (characters of its JSON) whose page is rendered on the server: some 10,000 winners. */
const RENDERED_CERTIFICATE_MAX_CHARS = 100_000;
/** How many rendered certificate pages the process keeps (a small draw's some 40 kB, the largest some 300 kB). */
const RENDERED_PAGES_KEPT = 100;
/** The country sites' home pages kept: each site's at its prefix and at its own host's root. */
const RENDERED_HOMES_KEPT = 20;
/** The default country site (client/src/app/countries.ts). */
const DEFAULT_COUNTRY = 'us';

/** What the renderer exports for this server (client/src/prerender/prerender.tsx). */
interface Renderer {
  renderCertificatePage(template: string, path: string, certificate: unknown): Promise<string>;
  renderHomePage(template: string, path: string, hostname: string, configuration: unknown): Promise<string>;
}

/**
 * The site configuration of a country site (us, au, ca, nz, uk) as GET /api/site/configuration?country= answers it,
 * without a currency choice: its JSON, read afresh on each call (an administrator's prices apply at once).
 */
export type PublicSiteConfigurationReader = (country: string) => Promise<string>;
/** The injection token of the PublicSiteConfigurationReader (provided by the site module). */
export const PUBLIC_SITE_CONFIGURATION_READER = Symbol('PublicSiteConfigurationReader');

/**
 * The public certificate of a short code as GET /api/certificate/{shortCode} answers it (its answer, the policy shared
 * caches keep it by, and the draw's id and public version it was made from), or null where that answers 404.
 */
export type PublicCertificateReader = (shortCode: string) => Promise<{ answer: PublicAnswer; policy: CachePolicy; tag: string } | null>;
/** The injection token of the PublicCertificateReader (provided by the certificates module). */
export const PUBLIC_CERTIFICATE_READER = Symbol('PublicCertificateReader');

interface PrerenderedBuild {
  /** The product's own domains (the client's PRODUCT_DOMAINS). */
  productDomains: string[];
  /** Each route's paths (React Router patterns) and the chunks its screen needs beyond the entry's. */
  routes: { paths: string[]; scripts: string[]; styles: string[] }[];
  /** Whole pages by path, their screen prerendered into #root. */
  pages: Record<string, string>;
  /** The certificate page with markers the renderer fills on each request. */
  certificateTemplate?: string;
  /** Home with the same markers, filled with a country site's configuration. */
  homeTemplate?: string;
}

/** Country labels the client reads from a host's first label (client/src/lib/countries.ts). */
const COUNTRY_HOST_LABELS = new Set(['au', 'ca', 'nz', 'uk']);
/** Cookies that change the first render in the browser: screen-share mode and a currency choice. */
const RENDER_COOKIES = /(?:^|;\s*)(?:screenshare|currency)=/;

/**
 * Whether the browser would render a prerendered page as it was prerendered: the host is one the client starts on
 * (its own rule, part 1 §1: local hosts, the product's domains, ALLOWED_HOSTNAMES) and no country site of its own,
 * and no cookie changes the first render. Elsewhere the plain page is sent and nothing shows unless the client starts.
 */
export function prerenderedPageApplies(hostname: string, cookieHeader: string | undefined, productDomains: readonly string[], configured: readonly string[]): boolean {
  return countryOfRequest('/', hostname) === undefined && renderedPageApplies(hostname, cookieHeader, productDomains, configured);
}

/** Whether the browser would render a page rendered on request for this host as it was rendered (any country site's host). */
function renderedPageApplies(hostname: string, cookieHeader: string | undefined, productDomains: readonly string[], configured: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  const local = host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
  if (!local && ![...productDomains, ...configured].some((domain) => host === domain || host.endsWith('.' + domain))) return false;
  return !RENDER_COOKIES.test(cookieHeader ?? '');
}

/** The country site a request is for, as the client reads it (client/src/app/countries.ts): the prefix, else the host's label. */
function countryOfRequest(path: string, hostname: string): string | undefined {
  const label = hostname.toLowerCase().split('.')[0];
  return COUNTRY_PREFIX.exec(path)?.[1] ?? (COUNTRY_HOST_LABELS.has(label) ? label : undefined);
}

/** A React Router path pattern (`/cert/:shortCode/`) as a regular expression on the request's path. */
function pathPattern(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z]+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Escapes a value for an HTML attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface ClientAppOptions {
  /** Extra host names the client starts on (ALLOWED_HOSTNAMES, comma-separated). */
  allowedHostnames?: string;
  /** Renders a public certificate page with its certificate where a prerendered page would be served. */
  certificates?: PublicCertificateReader;
  /** Renders each country site's home page with its site configuration (its prices) on request. */
  siteConfigurations?: PublicSiteConfigurationReader;
  /** The app starts with a prerendered page's load rather than at the visitor's first input. */
  startAtLoad?: boolean;
  /** How long shared caches may keep a draw's public pages (issue 26); without it they revalidate every use. */
  publicCache?: PublicCacheSettings;
}

/**
 * Serves the Vite build, hashed assets cached for a year, and returns the fallback that answers client pages.
 * The page carries the configured extra host names (ALLOWED_HOSTNAMES) in a meta tag: the client refuses to start
 * on any other host but its own domains and local ones.
 */
export async function serveClientApp(
  app: NestFastifyApplication,
  distDir: string,
  { allowedHostnames = '', certificates, siteConfigurations, startAtLoad = false, publicCache }: ClientAppOptions = {},
): Promise<ClientFallback | undefined> {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) return undefined;
  const meta = `<meta name="fairdraw-allowed-hostnames" content="${attribute(allowedHostnames)}">` + (startAtLoad ? START_AT_LOAD_META : '');
  const withMeta = (html: string) => html.replace('</head>', `${meta}</head>`);
  // Read once, like the asset routes (wildcard: false): a new build is served after a restart.
  const indexHtml = withMeta(readFileSync(join(root, 'index.html'), 'utf8'));
  const prerenderedFile = join(root, PRERENDERED_FILE);
  const build: PrerenderedBuild = existsSync(prerenderedFile) ? JSON.parse(readFileSync(prerenderedFile, 'utf8')) : { productDomains: [], routes: [], pages: {} };
  // A prerendered page is complete (its screen's styles and scripts included): compressed once, here.
  const pages = new Map(Object.entries(build.pages).map(([path, html]) => [path, compressedPage(withMeta(html))]));
  const configured = allowedHostnames
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  // The screen's chunks load with the page instead of after the entry has run and asked for them; its styles are
  // there before a prerendered page paints (the client's loader skips files a link already holds).
  const routeLinks = build.routes.map(({ paths, scripts, styles }) => ({
    patterns: paths.map(pathPattern),
    links: [
      ...styles.map((file) => `<link rel="stylesheet" crossorigin href="${attribute(file)}">`),
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`),
    ].join('\n'),
  }));
  const certificateTemplate = build.certificateTemplate && withMeta(build.certificateTemplate);
  const rendererFile = join(root, RENDERER_FILE);
  // Loaded on the first certificate page, not at start: most processes' first requests are for other pages.
  let renderer: Promise<Renderer> | undefined;
  // The pages rendered, by path, each with the draw's public version it was rendered from (issue 26): a page shared
  // widely is rendered once (10-50 ms of CPU) and compressed once per encoding, and again once its version changes.
  const renderedPages = new VersionedCache<PublicAnswer | null>(RENDERED_PAGES_KEPT);
  const renderCertificatePage = async (path: string, shortCode: string): Promise<{ page: PublicAnswer; policy: CachePolicy } | null> => {
    const current = await certificates!(shortCode);
    if (!current) return null;
    const page = await renderedPages.get(path, current.tag, async () => {
      // A draw with many winners would carry them twice, as text and as data: its plain page fetches them once.
      if (current.answer.body.length > RENDERED_CERTIFICATE_MAX_CHARS) return null;
      renderer ??= import(pathToFileURL(rendererFile).href) as Promise<Renderer>;
      // The certificate as the API's JSON carries it (dates as strings, no undefined): what the browser would fetch.
      const html = await (await renderer).renderCertificatePage(certificateTemplate!, path, JSON.parse(current.answer.body.toString('utf8')));
      return publicAnswer(html, HTML);
    });
    return page && { page, policy: current.policy };
  };
  const homeTemplate = build.homeTemplate && withMeta(build.homeTemplate);
  // Each country site's home (a prefix, or a host of its own, with a host-less twin: `/` on au.… and `/au/` are one
  // page for the renderer but not one address), by the configuration it shows: rendered once per change of it (an
  // administrator's prices, limits, the review summary), the configuration itself read on every request.
  const renderedHomes = new VersionedCache<PublicAnswer>(RENDERED_HOMES_KEPT);
  const renderHomePage = async (path: string, hostname: string): Promise<PublicAnswer> => {
    const country = countryOfRequest(path, hostname) ?? DEFAULT_COUNTRY;
    const configuration = await siteConfigurations!(country);
    // The page's markup depends on the host only through its country (the footer's links wait for hydration).
    const key = `${country} ${path}`;
    return renderedHomes.get(key, createHash('sha256').update(configuration).digest('base64url'), async () => {
      renderer ??= import(pathToFileURL(rendererFile).href) as Promise<Renderer>;
      return publicAnswer(await (await renderer).renderHomePage(homeTemplate!, path, hostname, JSON.parse(configuration)), HTML);
    });
  };
  // The plain page by what its head adds (the route's links, a certificate's preload): made and compressed once each.
  const plainPages = new Map<string, PublicAnswer>();
  const plainPage = (head: string): PublicAnswer => {
    let page = plainPages.get(head);
    if (!page) {
      page = publicAnswer(indexHtml.replace('</head>', `${head}</head>`), HTML);
      plainPages.set(head, page);
      if (plainPages.size > PLAIN_PAGES_KEPT) plainPages.delete(plainPages.keys().next().value!);
    }
    return page;
  };
  const logger = new Logger('Client');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its assets (client/vite.config.ts).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const revalidated: CachePolicy = { shared: true, maxAgeSeconds: 0, staleSeconds: 0 };
  const shared: CachePolicy = publicCache ? { shared: true, ...publicCache } : revalidated;
  return (request, reply) => {
    if (!isClientPage(request)) return false;
    const [path, fullQuery] = request.url.split('?');
    const query = withoutTracking(fullQuery);
    const unprefixed = path.replace(COUNTRY_PREFIX, '');
    // A query string may fill a screen's form: only the bare address is the prerendered page.
    const prerendered = query === undefined ? pages.get(path) : undefined;
    // Only the bare address of the default country's certificate, rendered with its data on request.
    const rendered = query === undefined && certificates && certificateTemplate ? CERTIFICATE_PAGE.exec(path) : null;
    // The owner's preview frames (prev, fw, wh, eh) are theirs alone; a draw's public page and the lookup's are anyone's.
    const previewing = query !== undefined && PREVIEW_QUERY.test(query);
    const publicPage = !previewing && (PUBLIC_DRAW_PAGE.test(unprefixed) || unprefixed === LOOKUP_PAGE);
    // A country site's home, rendered on request with its prices where the browser would render it as sent.
    const home = query === undefined && siteConfigurations && homeTemplate && unprefixed === '/' && renderedPageApplies(request.hostname, request.headers.cookie, build.productDomains, configured);
    const sendPlainPage = (policy: CachePolicy) => {
      const route = routeLinks.find(({ patterns }) => patterns.some((pattern) => pattern.test(path)));
      const head = route ? [route.links] : [];
      // A certificate page starts its one API read with the page instead of after the scripts have run (the fetch()
      // the client makes takes this response: same address, CORS mode, same-origin credentials).
      const certificate = CERTIFICATE_PAGE.exec(unprefixed);
      if (certificate) head.push(`<link rel="preload" href="/api/certificate/${certificate[1]}" as="fetch" crossorigin>`);
      // An address no route has (nor with the trailing slash the client adds) is a 404, with the site's error page
      // (the client shows it): a 200 would be a soft 404 to search engines (issue 27).
      const known = build.routes.length === 0 || routeLinks.some(({ patterns }) => patterns.some((pattern) => pattern.test(path) || pattern.test(`${path}/`)));
      if (!known) void reply.code(404);
      sendPublicAnswer(request, reply, plainPage(head.map((links) => `${links}\n`).join('')), policy);
    };
    if (home) {
      // As the prerendered page: a signed-in visitor's starts the app with the page, and is theirs alone.
      const signedIn = request.cookies[SESSION_COOKIE_NAME] !== undefined;
      renderHomePage(path, request.hostname).then(
        // Revalidated on every use, like every page of the site that is not a draw's: a price change shows at once.
        (page) => sendPublicAnswer(request, reply, signedIn && !startAtLoad ? startingAtLoad(page) : page, signedIn ? PRIVATE_ANSWER : revalidated),
        (error: unknown) => {
          logger.error(`Rendering a home page failed: ${error instanceof Error ? error.stack : String(error)}`);
          sendPlainPage(PRIVATE_ANSWER);
        },
      );
      return true;
    }
    if (prerendered || rendered) {
      // Which page is sent depends on the visitor's cookies: a shared cache may keep only the one sent without them.
      const cookieDependent = RENDER_COOKIES.test(request.headers.cookie ?? '') || request.cookies[SESSION_COOKIE_NAME] !== undefined;
      if (prerenderedPageApplies(request.hostname, request.headers.cookie, build.productDomains, configured)) {
        // A signed-in visitor's page shows their account once the app runs: it starts with the page.
        const signedIn = !startAtLoad && request.cookies[SESSION_COOKIE_NAME] !== undefined;
        const send = (page: PublicAnswer, policy: CachePolicy) => sendPublicAnswer(request, reply, signedIn ? startingAtLoad(page) : page, cookieDependent ? PRIVATE_ANSWER : policy);
        if (prerendered) {
          send(prerendered, revalidated);
          return true;
        }
        // An unknown or draft code, or a failure, gets the plain page: the client shows what it shows today.
        renderCertificatePage(path, rendered![1]).then(
          (page) => (page === null ? sendPlainPage(cookieDependent ? PRIVATE_ANSWER : shared) : send(page.page, page.policy)),
          (error: unknown) => {
            logger.error(`Rendering a certificate page failed: ${error instanceof Error ? error.stack : String(error)}`);
            sendPlainPage(PRIVATE_ANSWER);
          },
        );
        return true;
      }
      sendPlainPage(cookieDependent ? PRIVATE_ANSWER : publicPage ? shared : revalidated);
      return true;
    }
    sendPlainPage(previewing ? PRIVATE_ANSWER : publicPage ? shared : revalidated);
    return true;
  };
}

const HTML = 'text/html; charset=utf-8';
/** How many plain pages (one per route, and per certificate code for its preload) the process keeps. */
const PLAIN_PAGES_KEPT = 1000;
/** A draw's public pages: its certificate (with w, e or x). */
const PUBLIC_DRAW_PAGE = /^\/cert\/[A-Za-z]{5}[ewx]?\/$/;
const LOOKUP_PAGE = '/lookup/';
/**
 * Parameters that social networks and campaign tools add to a shared link (Facebook's fbclid, Google's gclid,
 * utm_source…): the page is the same without them, so a viral link clicked from a feed is the bare address (rendered,
 * and one copy in a shared cache: docs/nginx/fairdraw-http.conf keys them alike).
 */
const TRACKING_PARAMETER = /^(?:utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|twclid|igshid|mc_cid|mc_eid)$/i;

/** The query string without its tracking parameters; undefined when nothing else is left. */
function withoutTracking(query: string | undefined): string | undefined {
  if (query === undefined) return undefined;
  const kept = query.split('&').filter((pair) => pair !== '' && !TRACKING_PARAMETER.test(pair.split('=')[0]));
  return kept.length > 0 ? kept.join('&') : undefined;
}

/** The query parameters of the owner's preview frames (client/src/lib/routes.ts, certificate). */
const PREVIEW_QUERY = /(?:^|&)(?:prev|fw|wh|eh)=/;

/** Asks the client to start the app with a prerendered page's load, not at the visitor's first input (client/src/lib/first-input.ts). */
const START_AT_LOAD_META = '<meta name="fairdraw-start" content="load">';
const startingAtLoadPages = new WeakMap<PublicAnswer, PublicAnswer>();

/** The page with START_AT_LOAD_META, made once per page (and compressed once per encoding, when first sent). */
function startingAtLoad(page: PublicAnswer): PublicAnswer {
  let variant = startingAtLoadPages.get(page);
  if (!variant) {
    variant = publicAnswer(page.body.toString('utf8').replace('</head>', `${START_AT_LOAD_META}</head>`), page.contentType);
    startingAtLoadPages.set(page, variant);
  }
  return variant;
}

/** A page compressed at start, at the highest levels: the build's prerendered pages. */
function compressedPage(html: string): PublicAnswer {
  const page = publicAnswer(html, HTML);
  page.br = brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  page.gzip = gzipSync(html, { level: 9 });
  return page;
}
