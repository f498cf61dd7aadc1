import { readFileSync } from 'node:fs';
import request from 'supertest';
import { APP_VERSION } from '../../src/config/app-version.js';
import { startHttpStub, type HttpStub } from '../support/http-stub.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('site configuration and version (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const http = () => request(t.app.getHttpServer());

  it('GET /api/version/get answers the server version as a JSON string, never cached', async () => {
    const response = await http().get('/api/version/get').query({ ts: Date.now() }).expect(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(APP_VERSION);
  });

  it('also answers with the trailing slash the spec uses for API paths', async () => {
    const response = await http().get('/api/version/get/').expect(200);
    expect(response.body).toBe(APP_VERSION);
  });

  it('delivers the site configuration with the spec defaults', async () => {
    const response = await http().get('/api/site/configuration').set('Host', 'localhost').expect(200);
    expect(response.body).toEqual({
      version: APP_VERSION,
      environment: 'test',
      uploadLimitMb: 300,
      winnersLimit: 1_000_000,
      randomNumberRowsLimit: 1_000_000,
      countryCode: 'us',
      countryName: 'United States',
      currency: 'USD',
      reviewSummary: { rating: 0, count: 0 },
      prices: { currency: 'USD', drawSingle: 4000, draw10: 24000, draw100: 160000 },
      recaptchaSiteKey: null,
      thirdParty: { analyticsId: null, chatWidgetUrl: null },
      payments: { stripePublishableKey: null, stripeJsUrl: null, paypalClientId: null, paypalSdkUrl: null },
    });
  });

  it("delivers the country's prices, or those of the currency the visitor chose", async () => {
    const uk = await http().get('/api/site/configuration').query({ country: 'uk' }).expect(200);
    expect(uk.body.prices).toEqual({ currency: 'GBP', drawSingle: 3000, draw10: 18000, draw100: 120000 });
    const chosen = await http().get('/api/site/configuration').query({ country: 'uk', currency: 'AUD' }).expect(200);
    expect(chosen.body).toMatchObject({ currency: 'GBP', prices: { currency: 'AUD', drawSingle: 5000 } });
    await http().get('/api/site/configuration').query({ currency: 'EUR' }).expect(400);
  });

  it('deletes the currency cookie through the cookie script path, and only preference cookies', async () => {
    const response = await http().get('/api/site/deleteCookie/').query({ delete: 'currency', ts: Date.now() }).expect(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^currency=; .*Expires=Thu, 01 Jan 1970/);
    await http().get('/api/site/deleteCookie/').query({ delete: 'fairdraw.sid' }).expect(400);
  });

  it('takes the country from the explicit code, else from the host name', async () => {
    const au = await http().get('/api/site/configuration').query({ country: 'au' }).set('Host', 'uk.fairdraw.com').expect(200);
    expect(au.body).toMatchObject({ countryCode: 'au', countryName: 'Australia', currency: 'AUD' });
    const uk = await http().get('/api/site/configuration').set('Host', 'uk.fairdraw.com').expect(200);
    expect(uk.body).toMatchObject({ countryCode: 'uk', countryName: 'United Kingdom', currency: 'GBP' });
  });

  it('refuses an unknown country and an unknown query parameter with the error envelope', async () => {
    const badCountry = await http().get('/api/site/configuration').query({ country: 'fr' }).expect(400);
    expect(badCountry.body).toEqual({ message: 'Unknown country.', modelState: { country: ['Unknown country.'] } });
    const unknownField = await http().get('/api/site/configuration').query({ colour: 'red' }).expect(400);
    expect(unknownField.body.modelState).toEqual({ colour: ['property colour should not exist'] });
  });

  it('applies limits an administrator stored in site_setting over the configured defaults', async () => {
    await t.query(`INSERT INTO site_setting (key, value) VALUES ('uploadLimitMb', 500), ('winnersLimit', 2000000)`);
    try {
      const response = await http().get('/api/site/configuration').expect(200);
      expect(response.body).toMatchObject({ uploadLimitMb: 500, winnersLimit: 2_000_000, randomNumberRowsLimit: 1_000_000 });
    } finally {
      await t.query('DELETE FROM site_setting');
    }
  });

  it('refuses a stored limit that is not positive (the table keeps the rule)', async () => {
    await expect(t.query(`INSERT INTO site_setting (key, value) VALUES ('winnersLimit', 0)`)).rejects.toThrow(/check constraint/);
  });

  it('lists reviews from the review table, newest first, with no invented reviews by default', async () => {
    expect((await http().get('/api/site/reviews').expect(200)).body).toEqual({ reviews: [], contentHosts: [] });
    await t.query(
      `INSERT INTO review (author_id, reviewed_at, rating, author_name, author_job_title, company_name, company_logo_file, company_url, text)
       VALUES ('a', '2026-01-01T00:00:00Z', 5, 'Example A', 'Example', 'Example Co', '', '', 'EXAMPLE REVIEW <b>A</b>'),
              ('b', '2026-02-01T00:00:00Z', 5, 'Example B', 'Example', 'Example Co', 'b.png', 'https://example.com/', 'EXAMPLE REVIEW B')`,
    );
    try {
      const { body } = await http().get('/api/site/reviews').expect(200);
      expect(body.reviews.map((review: { authorId: string }) => review.authorId)).toEqual(['b', 'a']);
      expect(body.reviews[1]).toEqual({
        authorId: 'a',
        time: Date.parse('2026-01-01T00:00:00Z'),
        rating: 5,
        authorName: 'Example A',
        authorJobTitle: 'Example',
        companyName: 'Example Co',
        companyLogoFile: '',
        companyUrl: '',
        text: 'EXAMPLE REVIEW <b>A</b>',
      });
    } finally {
      await t.query('DELETE FROM review');
    }
  });
});

describe('reviews from a JSON feed (API)', () => {
  let t: TestApp;
  let feed: HttpStub;

  beforeAll(async () => {
    const fixture = readFileSync('test/fixtures/example-reviews.json', 'utf8');
    feed = await startHttpStub((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(fixture));
    t = await createTestApp({
      env: { REVIEWS_FEED_URL: feed.url + '/reviews.json', REVIEWS_DISABLED_AUTHORS: 'example-disabled', CONTENT_HOSTS: 'https://c1.example,https://c2.example,https://c3.example' },
    });
  });

  afterAll(async () => {
    await t.close();
    await feed.close();
  });

  it('reads positional records (seconds or milliseconds), skips disabled authors and reads the feed at most every 10 minutes', async () => {
    const { body } = await request(t.app.getHttpServer()).get('/api/site/reviews').expect(200);
    expect(body.reviews.map((review: { authorId: string }) => review.authorId)).toEqual(['example-1', 'example-2', 'example-3']);
    expect(body.reviews[0].time).toBe(1_763_700_000_000);
    expect(body.reviews[1].time).toBe(1_763_000_000_000);
    expect(body.contentHosts).toEqual(['https://c1.example', 'https://c2.example', 'https://c3.example']);
    await request(t.app.getHttpServer()).get('/api/site/reviews').expect(200);
    expect(feed.requests).toHaveLength(1);
  });

  it('summarises the reviews shown in the site configuration (the disabled author left out)', async () => {
    const { body } = await request(t.app.getHttpServer()).get('/api/site/configuration').expect(200);
    expect(body.reviewSummary).toEqual({ rating: 5, count: 3 });
  });
});

describe('a review summary kept elsewhere (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { REVIEW_RATING: '4.8', REVIEW_COUNT: '120' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('delivers the configured rating and count instead of the summary of the review table', async () => {
    const { body } = await request(t.app.getHttpServer()).get('/api/site/configuration').expect(200);
    expect(body.reviewSummary).toEqual({ rating: 4.8, count: 120 });
  });
});

describe('allowed host names in the page', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOWED_HOSTNAMES: 'fairdraw.test' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('carries the configured host names in a meta tag of every client page', async () => {
    const page = await request(t.app.getHttpServer()).get('/au/faqs/').expect(200);
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    expect(head).toContain('<meta name="fairdraw-allowed-hostnames" content="fairdraw.test">');
  });

  it('starts the certificate read with a public certificate page, and only there', async () => {
    const preload = '<link rel="preload" href="/api/certificate/ABCDE" as="fetch" crossorigin>';
    expect((await request(t.app.getHttpServer()).get('/cert/ABCDE/').expect(200)).text).toContain(preload);
    expect((await request(t.app.getHttpServer()).get('/cert/ABCDEx/?prev=true').expect(200)).text).toContain(preload);
    expect((await request(t.app.getHttpServer()).get('/cert/ABCDEw/').expect(200)).text).not.toContain('rel="preload"');
    expect((await request(t.app.getHttpServer()).get('/faqs/').expect(200)).text).not.toContain('rel="preload"');
  });

  it('sends the Brotli copy of a built script to a browser that accepts it', async () => {
    const page = await request(t.app.getHttpServer()).get('/faqs/').expect(200);
    const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const plain = await request(t.app.getHttpServer()).get(script!).set('Accept-Encoding', 'identity').expect(200);
    const compressed = await request(t.app.getHttpServer()).get(script!).set('Accept-Encoding', 'br').expect(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    // The bytes on the wire (supertest hands back the decoded text).
    expect(Number(compressed.headers['content-length'])).toBeLessThan(plain.text.length / 2);
  });

  it('sends home and the number generator prerendered, compressed, their scripts left until the page has painted', async () => {
    const home = await request(t.app.getHttpServer()).get('/').set('Accept-Encoding', 'br').expect(200);
    // The bytes on the wire are Brotli (supertest hands back the decoded text).
    expect(Number(home.headers['content-length'])).toBeLessThan(home.text.length / 4);
    expect(home.headers['content-encoding']).toBe('br');
    // Sent to visitors without a render cookie only (the others get a private answer), revalidated on every use.
    expect(home.headers.vary).toBe('Accept-Encoding');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.text).toContain('<title>Certified Random Prize Draws | FairDraw™</title>');
    expect(home.text).toContain('<div id="root" data-prerendered>');
    expect(home.text).toMatch(/<h1[^>]*>Random prize draws you can prove were fair<\/h1>/);
    expect(home.text).toContain('<meta name="fairdraw-allowed-hostnames" content="fairdraw.test"></head>');
    // No script in the head: the inline loader runs the entry after the first contentful paint, and the app starts
    // at the visitor's first input (no analytics service is configured, nobody is signed in).
    const head = home.text.slice(0, home.text.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(head).not.toContain('fairdraw-start');
    const loader = /<script>([\s\S]*?)<\/script>\s*<\/body>/.exec(home.text)?.[1] ?? '';
    expect(loader).toContain('first-contentful-paint');
    expect(loader).toContain('function watchPrerenderedPage(');
    expect(loader).toMatch(/"\/assets\/index-[\w-]+\.js"/);
    expect(loader).toMatch(/"\/assets\/home-page-[\w-]+\.js"/);
    const generator = await request(t.app.getHttpServer()).get('/random-number-generator/').expect(200);
    expect(generator.text).toContain('<div id="root" data-prerendered>');
    expect(generator.text).toMatch(/<h1[^>]*>Random Number Generator<\/h1>/);
    expect(generator.text).toMatch(/"\/assets\/random-number-generator-page-[\w-]+\.js"/);
  });

  it('sends the plain page wherever the client would not render the prerendered one', async () => {
    const plain = (response: request.Response) => response.text.includes('<div id="root"></div>') && !response.text.includes('data-prerendered');
    const get = (path: string) => request(t.app.getHttpServer()).get(path);
    // The client refuses to start on a host outside the allowed list: no content shows there either.
    expect(plain(await get('/').set('Host', 'fairdraw.evil.example').expect(200))).toBe(true);
    // A country host or prefix (but for home, rendered on request), a query string or a cookie that changes the first render.
    expect(plain(await get('/faqs/').set('Host', 'au.fairdraw.test').expect(200))).toBe(true);
    expect(plain(await get('/au/random-number-generator/').expect(200))).toBe(true);
    expect(plain(await get('/au/').set('Cookie', 'currency=GBP').expect(200))).toBe(true);
    expect(plain(await get('/random-number-generator/?count=3').expect(200))).toBe(true);
    expect(plain(await get('/').set('Cookie', 'currency=GBP').expect(200))).toBe(true);
    expect(plain(await get('/').set('Cookie', 'screenshare=%7B%22enabled%22%3Atrue%7D').expect(200))).toBe(true);
    // The configured host name and the product's own domains get it.
    expect((await get('/').set('Host', 'www.fairdraw.test').expect(200)).text).toContain('data-prerendered');
    const signedIn = (await get('/').set('Host', 'www.fairdraw.com').set('Cookie', 'other=1; fairdraw.sid=x').set('Accept-Encoding', 'br').expect(200)).text;
    expect(signedIn).toContain('data-prerendered');
    // A signed-in visitor's app starts with the page (their account shows in the header), once per page variant.
    expect(signedIn).toContain('<meta name="fairdraw-start" content="load"></head>');
    expect((await get('/').set('Cookie', 'fairdraw.sid=y').expect(200)).text).toContain('<meta name="fairdraw-start" content="load"></head>');
    expect((await get('/').set('Cookie', 'notfairdraw.sid=y').expect(200)).text).not.toContain('fairdraw-start');
  });

  it("renders each country site's home with its prices, and an administrator's new price at once (issue 27)", async () => {
    const get = (path: string) => request(t.app.getHttpServer()).get(path).expect(200);
    const pricing = (html: string) => /id="pricing"[\s\S]*?Certified draw<\/p><p[^>]*>([^<]+)<\/p>/.exec(html)?.[1];
    const au = await get('/au/');
    expect(au.text).toContain('<div id="root" data-prerendered>');
    expect(pricing(au.text)).toBe('A$50');
    expect(au.text).toContain('Or buy credits: 10 for A$300, 100 for A$2,000');
    expect(au.text).toMatch(/ in Australia(<!-- -->)?, and hands you a certificate/);
    // The browser's store starts with the configuration the page was rendered with (no mismatch when it hydrates).
    const cache = JSON.parse(/<script type="application\/json" id="fairdraw-api-cache">([\s\S]*?)<\/script>/.exec(au.text)![1]);
    const api = await request(t.app.getHttpServer()).get('/api/site/configuration').query({ country: 'au' }).expect(200);
    expect(cache.api.queries['getSiteConfiguration({"country":"au"})'].data).toEqual(api.body);
    // A country's own host is that country's site; the default site's home has the US prices.
    expect(pricing((await get('/').set('Host', 'uk.fairdraw.test')).text)).toBe('£30');
    expect(pricing((await get('/')).text)).toBe('$40');
    const uk = await get('/uk/');
    expect(pricing(uk.text)).toBe('£30');
    expect(uk.headers['cache-control']).toBe('no-cache');
    // Rendered once per configuration: the same page (and ETag) again, a 304 to a cache that holds it.
    expect((await get('/uk/')).headers.etag).toBe(uk.headers.etag);
    await request(t.app.getHttpServer()).get('/uk/').set('If-None-Match', uk.headers.etag).expect(304);
    await t.query(`UPDATE price_setting SET draw_single = 3500 WHERE currency = 'GBP'`);
    try {
      const changed = await get('/uk/');
      expect(pricing(changed.text)).toBe('£35');
      expect(changed.headers.etag).not.toBe(uk.headers.etag);
      expect(pricing((await get('/au/')).text)).toBe('A$50');
    } finally {
      await t.query(`UPDATE price_setting SET draw_single = 3000 WHERE currency = 'GBP'`);
    }
  });

  it("preloads the screen's chunks with every other page", async () => {
    const faqs = await request(t.app.getHttpServer()).get('/uk/faqs/').expect(200);
    expect(faqs.text).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/faqs-page-[\w-]+\.js">/);
    expect(faqs.text).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    const certificate = await request(t.app.getHttpServer()).get('/cert/ABCDE/').expect(200);
    expect(certificate.text).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/certificate-route-[\w-]+\.js">/);
    expect(certificate.text).not.toContain('faqs-page');
  });
});
