import request from 'supertest';
import { browser, PASSWORD, registeredUser, sessionCookie } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { solidPng } from '../../support/images.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** A urlencoded body, as a form on any page sends it. */
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('cross-site requests and body types: a page elsewhere cannot change anything, with or without our cookie (API)', () => {
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    ({ email } = await registeredUser(t.app));
  });

  afterAll(async () => {
    await t.close();
  });

  it('refuses a cross-site login with no cookie yet (login CSRF): no session, whatever the body', async () => {
    for (const from of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'https://attacker.example' }, { Origin: 'null' }]) {
      const urlencoded = await browser(t.app)
        .post('/api/account/login/')
        .set(from)
        .type('form')
        .send(form({ email, password: PASSWORD }))
        .expect(403);
      expect(urlencoded.body).toEqual({ message: 'Cross-site requests are not allowed.' });
      expect(sessionCookie(urlencoded)).toBeUndefined();
      const json = await browser(t.app).post('/api/account/login/').set(from).send({ email, password: PASSWORD }).expect(403);
      expect(sessionCookie(json)).toBeUndefined();
    }
    // Registration too: nothing stored.
    const address = `csrf-${Date.now()}@example.com`;
    await browser(t.app)
      .post('/api/account/register/')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: address, password: PASSWORD, firstName: 'M', lastName: 'M', isAgent: false, optedIntoCommunication: false, termsAgreed: true })
      .expect(403);
    expect(await t.query('SELECT 1 FROM users WHERE email = $1', [address])).toEqual([]);
  });

  it('takes JSON only, from anywhere: urlencoded, text/plain and multipart bodies get 415 and no session', async () => {
    const refusals = [
      await browser(t.app)
        .post('/api/account/login/')
        .type('form')
        .send(form({ email, password: PASSWORD })),
      await browser(t.app)
        .post('/api/account/login/')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ email, password: PASSWORD })),
      await browser(t.app).post('/api/account/login/').field('email', email).field('password', PASSWORD),
      // No content type at all, but a body.
      await browser(t.app).post('/api/account/login/').set('Content-Length', '2').unset('Content-Type').send('{}'),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(415);
      expect(refused.body).toEqual({ message: 'Send the request body as application/json.' });
      expect(sessionCookie(refused)).toBeUndefined();
    }
    // A signed-in visitor's state change in another body type changes nothing either.
    const { agent } = await registeredUser(t.app);
    await agent
      .post('/api/account/update/')
      .type('form')
      .send(form({ firstName: 'Mallory' }))
      .expect(415);
    expect((await agent.get('/api/account/get/').expect(200)).body.firstName).toBe('Alex');
    // JSON from our own pages (or with no browser headers at all) signs in, with any charset parameter.
    const signedIn = await browser(t.app)
      .post('/api/account/login/')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ email, password: PASSWORD }))
      .expect(200);
    expect(sessionCookie(signedIn)).toBeDefined();
    await browser(t.app).post('/api/account/login/').send({ email, password: PASSWORD }).expect(200);
  });

  it('takes multipart only where files are uploaded, and a request with no body as it is', async () => {
    const refused = await browser(t.app)
      .post('/api/upload/branding')
      .type('form')
      .send(form({ clientSession: 'abcdefgh12' }))
      .expect(415);
    expect(refused.body).toEqual({ message: 'Send the request body as application/json, or files as multipart/form-data.' });
    const { agent } = await registeredUser(t.app);
    await agent
      .post('/api/upload/branding')
      .attach('file', solidPng(20, 20, [10, 20, 30]), { filename: 'a.png', contentType: 'image/png' })
      .expect(201);
    // logOut sends nothing.
    await agent.post('/api/account/logOut/').expect(200);
  });

  it('lets callers that are not browsers through: an API key with JSON and no Origin', async () => {
    const { agent, email: owner } = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [owner]);
    const { key } = (await agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body;
    await request(t.app.getHttpServer()).post('/api/draw/submitdraw/').set('Authorization', `Bearer ${key}`).send(simpleDraw()).expect(200);
  });
});
