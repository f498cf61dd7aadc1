import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's response headers on every answer: no MIME sniffing, no framing by other sites (the certificate preview
 * frame is our own origin), a referrer that keeps the origin only across sites, HSTS in production.
 *
 * Two of helmet's defaults are changed rather than kept: the opener policy allows popups, because wallet and card
 * checkouts talk back to the page that opened them; and no Content-Security-Policy is sent, because the policy has to
 * list every source the configurable third-party services load from (analytics, chat, checkout, human check) and the
 * API reference's inline scripts: one written without those would break them in production (docs/decisions.md).
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, production: boolean): Promise<void> {
  await fastify.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Images and files are linked from customers' own pages (a certificate PDF, a branding logo).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // A development server on plain HTTP or localhost must not pin browsers to HTTPS for a year.
    strictTransportSecurity: production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  });
}
