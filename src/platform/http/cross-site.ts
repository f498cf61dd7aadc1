import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiConsumes } from '@nestjs/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.';
const JSON_BODY_MESSAGE = 'Send the request body as application/json.';
const JSON_OR_FILES_BODY_MESSAGE = 'Send the request body as application/json, or files as multipart/form-data.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart/form-data besides JSON (set by AcceptsFiles). */
    acceptsFiles?: boolean;
  }
}

/**
 * A route that takes uploaded files: multipart/form-data, in the OpenAPI document and at the door (every other
 * state-changing route takes JSON only, refuseUnexpectedBodyTypes).
 */
export function AcceptsFiles(): MethodDecorator {
  return applyDecorators(ApiConsumes('multipart/form-data'), RouteConfig({ acceptsFiles: true }));
}

/**
 * Whether a state-changing request came from a page of another site, whether or not it carries our cookies: a form
 * that signs a visitor into the sender's account carries none yet (login CSRF). Browsers say where a request comes
 * from in Sec-Fetch-Site, older ones in Origin. Callers that are not browsers (API keys, scripts, Stripe's webhook)
 * send neither and pass; a browser page elsewhere cannot send an API key either, since no CORS is offered.
 */
function isCrossSiteStateChange(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    try {
      return new URL(origin).host !== request.headers.host;
    } catch {
      // `Origin: null` (a sandboxed frame, a redirect across sites) is no origin of ours.
      return true;
    }
  }
  return false;
}

/**
 * The refusal for a state-changing request whose body is not JSON (nor multipart on a route that takes files), or
 * null. A page elsewhere can send urlencoded, multipart and text/plain bodies without asking the server first; it
 * cannot send JSON without CORS, which is not offered. A request with no body at all (logOut) passes.
 */
function unexpectedBodyType(request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const contentType = request.headers['content-type'];
  const length = request.headers['content-length'];
  const hasBody = contentType !== undefined || request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody) return null;
  const essence = contentType?.split(';')[0].trim().toLowerCase();
  if (essence === 'application/json') return null;
  const acceptsFiles = request.routeOptions.config?.acceptsFiles === true;
  if (acceptsFiles && essence === 'multipart/form-data') return null;
  return acceptsFiles ? JSON_OR_FILES_BODY_MESSAGE : JSON_BODY_MESSAGE;
}

/**
 * First thing on every request, before its body is read: 403 for a state change from another site, 415 for a body
 * that is not JSON (or files where a route takes them). Nothing is parsed, no session is read or written.
 */
export function refuseCrossSiteStateChanges(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (isCrossSiteStateChange(request)) {
      await reply.status(403).header('Cache-Control', 'no-store').send({ message: CROSS_SITE_MESSAGE });
      return;
    }
    const refusal = unexpectedBodyType(request);
    if (refusal) await reply.status(415).header('Cache-Control', 'no-store').send({ message: refusal });
  });
}
