import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** What the Content-Security-Policy is made from: the client build's inline scripts and the configured outside services. */
export interface ContentSecurityPolicySources {
  /** The `'sha256-…'` sources of the build's inline scripts (inlineScriptHashes in client-app.ts). */
  inlineScriptHashes: readonly string[];
  /** ANALYTICS_ID: Google Analytics 4 loads gtag.js and sends its hits. */
  analyticsId?: string;
  /** CHAT_WIDGET_URL: the chat widget's script, and whatever the widget then loads from its own origin. */
  chatWidgetUrl?: string;
  /** CONTENT_HOSTS: up to three origins serving the reviews' logos. */
  contentHosts?: string;
  /** RECAPTCHA_SITE_KEY: the human check's script and frame. */
  recaptchaSiteKey?: string;
  /** STRIPE_JS_URL, given only with STRIPE_PUBLISHABLE_KEY: Stripe.js, its frames (card fields, 3-D Secure) and its API calls. */
  stripeJsUrl?: string;
  /** PAYPAL_SDK_URL, given only with PayPal's credentials: the SDK, its buttons' frames and its calls. */
  paypalSdkUrl?: string;
}

/** Google's published sources for gtag.js (developers.google.com/tag-platform/security/guides/csp, GA4). */
const ANALYTICS = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};
/** Google's published sources for reCAPTCHA (developers.google.com/recaptcha/docs/faq, Content Security Policy). */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/**
 * Stripe's published sources besides Stripe.js's own origin (docs.stripe.com/security/guide, Content Security Policy);
 * a stand-in (tests) serves everything from its one origin.
 */
const STRIPE = { script: ['https://*.js.stripe.com'], frame: ['https://*.js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };
/** PayPal's sources for the JS SDK (developer.paypal.com/sdk/js/configuration, Content Security Policy). */
const PAYPAL = { any: ['https://*.paypal.com', 'https://*.paypalobjects.com'] };

/** The origin of a configured URL, or nothing when it is none (the environment has validated the settings it knows). */
function originOf(url: string): string[] {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
}

/**
 * The Content-Security-Policy directives: our own origin, the build's inline scripts by hash, and only the outside
 * services that are configured. Styles allow 'unsafe-inline': Mantine writes style attributes and style elements at
 * run time, which no hash can cover; scripts, objects, bases, forms and framing are strict (docs/decisions.md).
 */
export function contentSecurityPolicy(sources: ContentSecurityPolicySources, production: boolean): Record<string, string[] | null> {
  const chat = sources.chatWidgetUrl ? originOf(sources.chatWidgetUrl) : [];
  const analytics = sources.analyticsId ? ANALYTICS : { script: [], img: [], connect: [] };
  const recaptcha = sources.recaptchaSiteKey ? RECAPTCHA : { script: [], frame: [] };
  const stripeOrigin = sources.stripeJsUrl ? originOf(sources.stripeJsUrl) : [];
  const stripe = stripeOrigin.includes('https://js.stripe.com') ? STRIPE : { script: [], frame: [], connect: [] };
  const paypalOrigin = sources.paypalSdkUrl ? originOf(sources.paypalSdkUrl) : [];
  const paypal = paypalOrigin.some((origin) => origin.endsWith('.paypal.com')) ? PAYPAL.any : [];
  const payments = [...stripeOrigin, ...paypalOrigin];
  const contentHosts = (sources.contentHosts ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean)
    .slice(0, 3)
    .flatMap(originOf);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...sources.inlineScriptHashes, ...analytics.script, ...recaptcha.script, ...chat, ...payments, ...stripe.script, ...paypal],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...chat],
    // data: for the images Mantine and the API reference draw in CSS; blob: for an image chosen for upload.
    'img-src': ["'self'", 'data:', 'blob:', ...contentHosts, ...analytics.img, ...chat, ...paypalOrigin, ...paypal],
    'font-src': ["'self'", 'data:', ...chat],
    'connect-src': ["'self'", ...analytics.connect, ...chat, ...payments, ...stripe.connect, ...paypal],
    'frame-src': ["'self'", ...recaptcha.frame, ...chat, ...payments, ...stripe.frame, ...paypal],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // A development server on plain HTTP must not have its own requests upgraded to HTTPS it does not serve.
    'upgrade-insecure-requests': production ? [] : null,
  };
}

/**
 * Helmet's response headers on every answer: a strict Content-Security-Policy (contentSecurityPolicy), no MIME
 * sniffing, no framing by other sites (the certificate preview frame is our own origin), a referrer that keeps the
 * origin only across sites, HSTS in production.
 *
 * Two of helmet's defaults are changed rather than kept: the opener policy allows popups, because wallet and card
 * checkouts talk back to the page that opened them; and resources may be embedded by other sites.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, production: boolean, sources: ContentSecurityPolicySources = { inlineScriptHashes: [] }): void {
  // Built once: @fastify/helmet built helmet's middleware again on every request, parsing the whole policy each time
  // (about a twentieth of a small answer's CPU, issue 26). Nothing here depends on the request.
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(sources, production) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Images and files are linked from customers' own pages (a certificate PDF, a branding logo).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // A development server on plain HTTP or localhost must not pin browsers to HTTPS for a year.
    strictTransportSecurity: production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  });
  fastify.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}
