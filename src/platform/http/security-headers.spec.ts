import Fastify from 'fastify';
import { registerSecurityHeaders } from './security-headers.js';

describe('registerSecurityHeaders', () => {
  async function headersWith(production: boolean) {
    const fastify = Fastify();
    await registerSecurityHeaders(fastify, production);
    fastify.get('/', async () => ({ ok: true }));
    try {
      const response = await fetch(await fastify.listen({ port: 0, host: '127.0.0.1' }));
      return Object.fromEntries(response.headers);
    } finally {
      await fastify.close();
    }
  }

  it('pins HTTPS for a year, subdomains included, in production only', async () => {
    expect((await headersWith(true))['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await headersWith(false))['strict-transport-security']).toBeUndefined();
  });

  it('sends no Content-Security-Policy and lets other sites link our files', async () => {
    const headers = await headersWith(true);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
