import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from './sessions.js';

const COUNTRY_PREFIX = /^\/(au|ca|nz|uk|us)(?=\/|$)/;
/** A public certificate page, `/cert/{shortCode}/` with no suffix or `x` (part 1 §2). */
const CERTIFICATE_PAGE = /^\/cert\/([A-Z]{5})x?\/$/;

/**
 * Whether a request that matched no server route is a page of the client (history fallback) rather than a missing
 * API resource or file. `/api/` itself, with or without a country prefix, is the client's API page.
 */
export function isClientPage(request: FastifyRequest): boolean {
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
    html.push(...Object.values(build.pages), build.certificateTemplate ?? '');
  }
  const scripts = new Set(html.flatMap((page) => [...page.matchAll(INLINE_SCRIPT)].map((match) => match[1])));
  return [...scripts].map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
}

export type ClientFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/** What the client build writes beside its manifest (client/vite.config.ts, `prerender`). */
export const PRERENDERED_FILE = '.vite/prerendered.json';
/** The client's prerendering module built for Node (client/vite.config.ts, RENDERER_DIR), which renders pages with data. */
export const RENDERER_FILE = '.vite/ssr/prerender.js';

/** The largest certificate (characters of its JSON) whose page is rendered on the server: some 10,000 winners. */
const RENDERED_CERTIFICATE_MAX_CHARS = 100_000;
/** How many rendered certificate pages the process keeps (a small draw's some 40 kB, the largest some 300 kB). */
const RENDERED_PAGES_KEPT = 100;

/** What the renderer exports for this server (client/src/prerender/prerender.tsx). */
interface Renderer {
  renderCertificatePage(template: string, path: string, certificate: unknown): Promise<string>;
}

/** The public certificate of a short code as GET /api/certificate/{shortCode} answers it, or null where that answers 404. */
export type PublicCertificateReader = (shortCode: string) => Promise<object | null>;
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
}

/** Country labels the client reads from a host's first label (client/src/app/countries.ts). */
const COUNTRY_HOST_LABELS = new Set(['au', 'ca', 'nz', 'uk']);
/** Cookies that change the first render in the browser: screen-share mode and a currency choice. */
const RENDER_COOKIES = /(?:^|;\s*)(?:screenshare|currency)=/;

/**
 * Whether the browser would render a prerendered page as it was prerendered: the host is one the client starts on
 * (its own rule, part 1 §1: local hosts, the product's domains, ALLOWED_HOSTNAMES) and no country site of its own,
 * and no cookie changes the first render. Elsewhere the plain page is sent and nothing shows unless the client starts.
 */
export function prerenderedPageApplies(hostname: string, cookieHeader: string | undefined, productDomains: readonly string[], configured: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  const local = host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
  if (!local && ![...productDomains, ...configured].some((domain) => host === domain || host.endsWith('.' + domain))) return false;
  if (COUNTRY_HOST_LABELS.has(host.split('.')[0])) return false;
  return !RENDER_COOKIES.test(cookieHeader ?? '');
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
  /** The app starts with a prerendered page's load rather than at the visitor's first input. */
  startAtLoad?: boolean;
}

/**
 * Serves the Vite build, hashed assets cached for a year, and returns the fallback that answers client pages.
 * The page carries the configured extra host names (ALLOWED_HOSTNAMES) in a meta tag: the client refuses to start
 * on any other host but its own domains and local ones.
 */
export async function serveClientApp(
  app: NestFastifyApplication,
  distDir: string,
  { allowedHostnames = '', certificates, startAtLoad = false }: ClientAppOptions = {},
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
  const configured = allowedHostnames.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
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
  // The last pages rendered, by path, with the certificate each was rendered from: a page shared widely is rendered
  // once (a rendering costs 10-50 ms of CPU) and compressed once per encoding, and again as soon as its certificate
  // (its branding) changes.
  const renderedPages = new Map<string, { json: string; page: RenderedPage }>();
  const renderCertificatePage = async (path: string, shortCode: string): Promise<RenderedPage | null> => {
    const certificate = await certificates!(shortCode);
    if (!certificate) return null;
    // The certificate as the API's JSON carries it (dates as strings, no undefined): what the browser would fetch.
    const json = JSON.stringify(certificate);
    // A draw with many winners would carry them twice, as text and as data: its plain page fetches them once.
    if (json.length > RENDERED_CERTIFICATE_MAX_CHARS) return null;
    const kept = renderedPages.get(path);
    renderedPages.delete(path);
    if (kept?.json === json) {
      renderedPages.set(path, kept);
      return kept.page;
    }
    renderer ??= import(pathToFileURL(rendererFile).href) as Promise<Renderer>;
    const html = await (await renderer).renderCertificatePage(certificateTemplate!, path, JSON.parse(json));
    const page: RenderedPage = { identity: html };
    renderedPages.set(path, { json, page });
    // A Map iterates in insertion order and a page is moved to the end when used: the first is the least recently used.
    if (renderedPages.size > RENDERED_PAGES_KEPT) renderedPages.delete(renderedPages.keys().next().value!);
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
  return (request, reply) => {
    if (!isClientPage(request)) return false;
    const [path, query] = request.url.split('?');
    // A query string may fill a screen's form: only the bare address is the prerendered page.
    const prerendered = query === undefined ? pages.get(path) : undefined;
    // Only the bare address of the default country's certificate, rendered with its data on request.
    const rendered = query === undefined && certificates && certificateTemplate ? CERTIFICATE_PAGE.exec(path) : null;
    void reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const sendPlainPage = () => {
      const route = routeLinks.find(({ patterns }) => patterns.some((pattern) => pattern.test(path)));
      const head = route ? [route.links] : [];
      // A certificate page starts its one API read with the page instead of after the scripts have run (the fetch()
      // the client makes takes this response: same address, CORS mode, same-origin credentials).
      const certificate = CERTIFICATE_PAGE.exec(path.replace(COUNTRY_PREFIX, ''));
      if (certificate) head.push(`<link rel="preload" href="/api/certificate/${certificate[1]}" as="fetch" crossorigin>`);
      void reply.send(indexHtml.replace('</head>', `${head.map((links) => `${links}\n`).join('')}</head>`));
    };
    if (prerendered || rendered) {
      void reply.header('Vary', 'Accept-Encoding, Cookie');
      if (prerenderedPageApplies(request.hostname, request.headers.cookie, build.productDomains, configured)) {
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        // A signed-in visitor's page shows their account once the app runs: it starts with the page.
        const signedIn = !startAtLoad && request.cookies[SESSION_COOKIE_NAME] !== undefined;
        const send = (page: RenderedPage) => sendPage(reply, signedIn ? startingAtLoad(page) : page, encoding);
        if (prerendered) {
          send(prerendered);
          return true;
        }
        // An unknown or draft code, or a failure, gets the plain page: the client shows what it shows today.
        renderCertificatePage(path, rendered![1]).then(
          (page) => (page === null ? sendPlainPage() : send(page)),
          (error: unknown) => {
            logger.error(`Rendering a certificate page failed: ${error instanceof Error ? error.stack : String(error)}`);
            sendPlainPage();
          },
        );
        return true;
      }
    }
    sendPlainPage();
    return true;
  };
}

/**
 * A page in the encoding the request accepts: a prerendered page has both already (compressed at start), a page
 * rendered on request is compressed when first asked in an encoding, at a level that costs about a millisecond (11
 * costs tens).
 */
function sendPage(reply: FastifyReply, page: RenderedPage, encoding: 'br' | 'gzip' | undefined): void {
  if (!encoding) {
    void reply.send(page.identity);
    return;
  }
  page[encoding] ??= encoding === 'br' ? brotliCompressSync(page.identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(page.identity, { level: 6 });
  void reply.header('Content-Encoding', encoding).send(page[encoding]);
}

interface CompressedPage {
  identity: string;
  br: Buffer;
  gzip: Buffer;
}

/** A rendered page and the encodings it has been sent in so far. */
type RenderedPage = Pick<CompressedPage, 'identity'> & Partial<Omit<CompressedPage, 'identity'>>;

/** Asks the client to start the app with a prerendered page's load, not at the visitor's first input (client/src/app/first-input.ts). */
const START_AT_LOAD_META = '<meta name="fairdraw-start" content="load">';
const startingAtLoadPages = new WeakMap<RenderedPage, RenderedPage>();

/** The page with START_AT_LOAD_META, made once per page (and compressed once per encoding, when first sent). */
function startingAtLoad(page: RenderedPage): RenderedPage {
  let variant = startingAtLoadPages.get(page);
  if (!variant) {
    variant = { identity: page.identity.replace('</head>', `${START_AT_LOAD_META}</head>`) };
    startingAtLoadPages.set(page, variant);
  }
  return variant;
}

function compressedPage(html: string): CompressedPage {
  return { identity: html, br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(html, { level: 9 }) };
}

const ENCODINGS = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** Brotli, else gzip, as the request's Accept-Encoding prefers them (a q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  return (acceptEncoding && ENCODINGS.negotiate(acceptEncoding)) || undefined;
}
