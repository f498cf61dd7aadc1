import { AsyncResource } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER, requestContext } from './request-context.js';

const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Every request gets an id (fastify's `genReqId`, see requestIdOf), echoed in X-Request-Id and present on every log
 * line written while it is handled; one line records each request as it ends. The line names the route pattern
 * (`/download/:kind/:id`), never the URL: paths and query strings can hold e-mail addresses, tokens and the secret
 * names of download links. No client address, user or body is logged.
 */
export function registerRequestLogging(fastify: FastifyInstance): void {
  const logger = new Logger('HTTP');
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    requestContext.run({ requestId: request.id }, () => {
      // Body parsing continues from socket events, outside this context: the later hooks re-enter it.
      const resource = new AsyncResource('fairdraw-request');
      resources.set(request, resource);
      done();
    });
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? null;
    const line = { msg: 'request completed', requestId: request.id, method: request.method, route, statusCode: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 10) / 10 };
    // Probes come every few seconds from every load balancer: recorded only when debugging.
    if (route?.startsWith('/health/')) logger.debug(line);
    else logger.log(line);
    done();
  });
}
