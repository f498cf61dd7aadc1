import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.';

/**
 * Whether a state-changing request carrying our cookies came from another site. Browsers say so in
 * Sec-Fetch-Site, older ones in Origin; SameSite=Strict cookies are the first line, this the second. Calls without
 * cookies (API keys, scripts) are not a cross-site risk.
 */
export function isCrossSiteStateChange(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    try {
      return new URL(origin).host !== request.headers.host;
    } catch {
      return true;
    }
  }
  return false;
}

export function refuseCrossSiteStateChanges(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (isCrossSiteStateChange(request)) await reply.status(403).header('Cache-Control', 'no-store').send({ message: CROSS_SITE_MESSAGE });
  });
}
