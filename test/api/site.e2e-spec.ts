import request from 'supertest';
import { APP_VERSION } from '../../src/config/app-version.js';
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
      reviewSummary: { rating: 5, count: 33 },
      prices: { currency: 'USD', drawSingle: 4000, draw10: 24000, draw100: 160000 },
      recaptchaSiteKey: null,
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
});
