import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

const COUNTRY_PREFIX = /^\/(au|ca|nz|uk|us)(?=\/|$)/;

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

/** Serves the Vite build, hashed assets cached for a year, and returns the fallback that answers client pages. */
export async function serveClientApp(app: NestFastifyApplication, distDir: string): Promise<ClientFallback | undefined> {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      res.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (request, reply) => {
    if (!isClientPage(request)) return false;
    void reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    return true;
  };
}
