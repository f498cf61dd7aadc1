import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

export type ClientFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/** Escapes a value for an HTML attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Serves the Vite build, hashed assets cached for a year, and returns the fallback that answers client pages.
 * The page carries the configured extra host names (ALLOWED_HOSTNAMES) in a meta tag: the client refuses to start
 * on any other host but its own domains and local ones.
 */
export async function serveClientApp(app: NestFastifyApplication, distDir: string, allowedHostnames = ''): Promise<ClientFallback | undefined> {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) return undefined;
  const meta = `<meta name="fairdraw-allowed-hostnames" content="${attribute(allowedHostnames)}">`;
  // Read once, like the asset routes (wildcard: false): a new build is served after a restart.
  const indexHtml = readFileSync(join(root, 'index.html'), 'utf8').replace('</head>', `${meta}</head>`);
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
    // A certificate page starts its one API read with the page instead of after the scripts have run (the fetch()
    // the client makes takes this response: same address, CORS mode, same-origin credentials).
    const certificate = CERTIFICATE_PAGE.exec(request.url.split('?')[0].replace(COUNTRY_PREFIX, ''));
    const html = certificate ? indexHtml.replace('</head>', `<link rel="preload" href="/api/certificate/${certificate[1]}" as="fetch" crossorigin>\n</head>`) : indexHtml;
    void reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    return true;
  };
}
