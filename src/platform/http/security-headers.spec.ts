import Fastify from 'fastify';
import { contentSecurityPolicy, registerSecurityHeaders } from './security-headers.js';

describe('registerSecurityHeaders', () => {
  async function headersWith(production: boolean) {
    const fastify = Fastify();
    registerSecurityHeaders(fastify, production);
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

  it('sends a strict Content-Security-Policy and lets other sites link our files', async () => {
    const headers = await headersWith(true);
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
        "connect-src 'self';frame-src 'self';frame-ancestors 'self';object-src 'none';base-uri 'self';form-action 'self';upgrade-insecure-requests",
    );
    expect((await headersWith(false))['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('contentSecurityPolicy', () => {
  it('allows the build’s inline scripts by hash and only the outside services configured', () => {
    const none = contentSecurityPolicy({ inlineScriptHashes: ["'sha256-abc='"] }, true);
    expect(none['script-src']).toEqual(["'self'", "'sha256-abc='"]);
    expect(
      Object.values(none)
        .flat()
        .filter((source) => source?.startsWith('https:')),
    ).toEqual([]);

    const all = contentSecurityPolicy(
      { inlineScriptHashes: [], analyticsId: 'G-ABC', chatWidgetUrl: 'https://chat.example/widget.js?v=2', contentHosts: 'https://c1.example/logos, https://c2.example', recaptchaSiteKey: 'site-key' },
      true,
    );
    expect(all['script-src']).toEqual(["'self'", 'https://*.googletagmanager.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://chat.example']);
    expect(all['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://c1.example',
      'https://c2.example',
      'https://*.google-analytics.com',
      'https://*.googletagmanager.com',
      'https://chat.example',
    ]);
    expect(all['connect-src']).toContain('https://*.google-analytics.com');
    expect(all['frame-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/', 'https://chat.example']);
    // Never inline scripts but the hashed ones.
    expect(Object.values(all).flat()).not.toContain("'unsafe-eval'");
    expect(all['script-src']).not.toContain("'unsafe-inline'");
  });

  it("allows Stripe.js and PayPal's SDK only when configured: their own origins, or a stand-in's", () => {
    const stripe = contentSecurityPolicy({ inlineScriptHashes: [], stripeJsUrl: 'https://js.stripe.com/endive/stripe.js', paypalSdkUrl: 'https://www.paypal.com/sdk/js' }, true);
    expect(stripe['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://www.paypal.com', 'https://*.js.stripe.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']);
    expect(stripe['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.paypal.com']));
    expect(stripe['connect-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://api.stripe.com']));
    const standIn = contentSecurityPolicy({ inlineScriptHashes: [], stripeJsUrl: 'http://127.0.0.1:4010/v3/' }, false);
    expect(standIn['script-src']).toEqual(["'self'", 'http://127.0.0.1:4010']);
    expect(standIn['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4010']);
    expect(standIn['connect-src']).toEqual(["'self'", 'http://127.0.0.1:4010']);
  });
});
