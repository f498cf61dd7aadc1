import request from 'supertest';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe('HTTP pipeline: error envelope, API reference and client pages (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const http = () => request(t.app.getHttpServer());

  it('answers an unknown API path with 404 in the error envelope, not the client page', async () => {
    const response = await http().get('/api/nothing-here/').expect(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(Object.keys(response.body)).toEqual(['message']);
  });

  it('answers a POST to an unknown path with the envelope too', async () => {
    const response = await http().post('/draws/').send({}).expect(404);
    expect(response.body).toEqual({ message: expect.any(String) });
  });

  it('serves the interactive API reference and its OpenAPI document', async () => {
    const page = await http().get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const document = await http().get('/api/docs/openapi.json').expect(200);
    expect(document.body.openapi).toMatch(/^3\./);
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining(['/api/version/get', '/api/site/configuration']));
    expect(document.body.paths['/api/site/configuration'].get.operationId).toBe('getSiteConfiguration');
    // Everything an API customer can call is described (issue 27): the downloads and the branding images too.
    expect(document.body.paths['/download/{kind}/{id}'].get.operationId).toBe('download');
    expect(document.body.paths['/api/draw/getbrandingimage/{drawId}'].get.operationId).toBe('getBrandingImage');
  });

  it('serves the client for page URLs, with and without a country prefix (history fallback)', async () => {
    for (const path of ['/', '/draws/', '/au/faqs/', '/api/', '/uk/api/', '/random-number-generator']) {
      const response = await http().get(path).expect(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      // The client's root: empty, or holding the prerendered page (home and the number generator) it hydrates.
      expect(response.text).toMatch(/<div id="root"( data-prerendered)?>/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    // An address no page has: 404, not a soft 404, with the client that shows the site's error page (issue 27).
    for (const path of ['/no/such/page/', '/au/nothing-here']) {
      const response = await http().get(path).expect(404);
      expect(response.text).toMatch(/<div id="root"/);
    }
  });

  it('does not answer missing files or API paths with the client page', async () => {
    await http().get('/assets/missing-chunk.js').expect(404);
    await http().get('/favicon-missing.png').expect(404);
    await http().get('/download/entries/123/').expect(404);
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const index = await http().get('/').expect(200);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index.text)?.[1];
    expect(asset).toBeDefined();
    const response = await http().get(asset!).expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the security headers on pages, API answers, errors and assets, and no HSTS outside production', async () => {
    const index = await http().get('/').expect(200);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index.text)![1];
    for (const response of [
      index,
      await http().get('/api/version/get').expect(200),
      await http().get('/api/nothing-here/').expect(404),
      await http().get(asset).expect(200),
      await http().get('/api/docs').expect(200),
    ]) {
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
