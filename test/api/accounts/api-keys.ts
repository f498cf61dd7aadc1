import pg from 'pg';
import request from 'supertest';
import { browser, PASSWORD, registeredUser } from '../../support/accounts.js';
import { plainBranding, simpleDraw } from '../../support/draws.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

describe('API keys: live and test keys, shown once, stored hashed, revocable (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t.close();
  });

  const bearer = (key: string) => request(t.app.getHttpServer()).get('/api/account/get/').set('Authorization', `Bearer ${key}`);

  it('are refused to users without API access', async () => {
    const { agent } = await registeredUser(t.app);
    const response = await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(403);
    expect(response.body.message).toBe('API access is not enabled for your account. Please contact us to enable it.');
    expect((await agent.get('/api/account/getApiKeys/').expect(200)).body).toEqual([]);
  });

  it('are listed and revoked whatever the API access: a customer whose access is off still finds its keys', async () => {
    const { agent, email } = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    const created = (await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body as { key: string; apiKey: { id: string } };
    // Switched off as a direct write would (not the admin console, which revokes the keys itself): the key is still active.
    await t.query('UPDATE users SET api_enabled = false WHERE email = $1', [email]);
    const listed = (await agent.get('/api/account/getApiKeys/').expect(200)).body as { id: string; revokedAt: string | null }[];
    expect(listed).toEqual([expect.objectContaining({ id: created.apiKey.id, revokedAt: null })]);
    await agent.post('/api/account/revokeApiKey/').send({ id: created.apiKey.id }).expect(200);
    expect((await agent.get('/api/account/getApiKeys/').expect(200)).body[0].revokedAt).not.toBeNull();
    // Switched on again, the key revoked meanwhile stays dead.
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    await bearer(created.key).expect(401);
  });

  it('a key is not made once API access is switched off, even by a request that read the account before the switch', async () => {
    const { agent, email } = await registeredUser(t.app);
    const [{ id: userId }] = await t.query<{ id: string }>('UPDATE users SET api_enabled = true WHERE email = $1 RETURNING id', [email]);
    // The switch-off is written but not committed: the request reads its session's user with access on.
    const switching = new pg.Client({ connectionString: t.databaseUrl });
    await switching.connect();
    try {
      await switching.query('BEGIN');
      await switching.query('UPDATE users SET api_enabled = false WHERE id = $1', [userId]);
      let answered = false;
      const creating = agent
        .post('/api/account/createApiKey/')
        .send({ kind: 'live' })
        .then((response) => {
          answered = true;
          return response;
        });
      // Either the request waits on the switch's row, or (without that wait) it has already answered.
      await waitUntil(
        () => t.query(`SELECT 1 FROM pg_stat_activity WHERE query LIKE 'SELECT api_enabled FROM users WHERE id = $1 FOR SHARE%' AND wait_event_type = 'Lock'`),
        (rows) => rows.length > 0 || answered,
        'the key creation waiting on the switch',
        { timeoutMs: 10_000, intervalMs: 20 },
      );
      await switching.query('COMMIT');
      const response = await creating;
      expect([response.status, response.body.message]).toEqual([403, 'API access is not enabled for your account. Please contact us to enable it.']);
    } finally {
      await switching.end();
    }
    expect(await t.query('SELECT id FROM api_key WHERE user_id = $1 AND revoked_at IS NULL', [userId])).toEqual([]);
  });

  it('authenticate every call with Authorization: Bearer, marking the source live or test', async () => {
    const { agent, email } = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);

    const live = await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200);
    expect(live.body.key).toMatch(/^fd_live_[A-Za-z0-9_-]{43}$/);
    expect(live.body.apiKey).toMatchObject({ kind: 'live', prefix: live.body.key.slice(0, 12), lastUsedAt: null, revokedAt: null });
    const test = await agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200);
    expect(test.body.key).toMatch(/^fd_test_/);

    // Stored hashed: the key itself appears nowhere in the database.
    const stored = await t.query<{ key_hash: string; prefix: string }>('SELECT key_hash, prefix FROM api_key');
    expect(JSON.stringify(stored)).not.toContain(live.body.key);

    const me = await bearer(live.body.key).expect(200);
    expect(me.body.email).toBe(email);
    await bearer(test.body.key).expect(200);

    const listed = await agent.get('/api/account/getApiKeys/').expect(200);
    expect(listed.body).toHaveLength(2);
    expect(JSON.stringify(listed.body)).not.toContain(live.body.key);
    expect(listed.body.find((k: { kind: string }) => k.kind === 'live').lastUsedAt).not.toBeNull();

    const bad = await agent.post('/api/account/createApiKey/').send({ kind: 'gold' }).expect(400);
    expect(bad.body.modelState).toEqual({ kind: ['Choose a live or a test key.'] });
  });

  it('stop working at once when revoked', async () => {
    const { agent, email } = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    const created = await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200);
    await bearer(created.body.key).expect(200);
    await agent.post('/api/account/revokeApiKey/').send({ id: created.body.apiKey.id }).expect(200);
    const refused = await bearer(created.body.key).expect(401);
    expect(refused.body).toEqual({ message: 'The API key is invalid or has been revoked.' });
    // Revoking twice finds nothing to revoke.
    await agent.post('/api/account/revokeApiKey/').send({ id: created.body.apiKey.id }).expect(404);
  });

  it('stop working when API access is switched off', async () => {
    const { agent, email } = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    const created = await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200);
    await t.query('UPDATE users SET api_enabled = false WHERE email = $1', [email]);
    await bearer(created.body.key).expect(401);
  });

  it('cannot manage keys: that takes a browser session', async () => {
    const { agent, email } = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    const created = await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200);
    await request(t.app.getHttpServer()).post('/api/account/createApiKey/').set('Authorization', `Bearer ${created.body.key}`).send({ kind: 'live' }).expect(403);
  });

  it('a test key changes test draws only: a live draw cannot be cancelled, rescheduled, drawn now, given a scrutineer, published, entry-checked or branded with it', async () => {
    const { agent, email } = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const live = (await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key as string;
    const test = (await agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key as string;
    const as = (key: string, path: string, body: object) => request(t.app.getHttpServer()).post(path).set('Authorization', `Bearer ${key}`).send(body);
    const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = { paymentOption: 2, scheduleOption: 1, scheduleDate: inAnHour() };
    const webDraw = (await agent.post('/api/draw/submitdraw/').send(simpleDraw(scheduled)).expect(200)).body as string;
    const liveDraw = (await as(live, '/api/draw/submitdraw/', simpleDraw(scheduled)).expect(200)).body as string;
    const message = 'A test API key acts only on test draws. Use a live API key, or sign in on the website, to change this draw.';
    const scrutineer = { firstName: 'Sam', lastName: 'Lee', emailAddress: 'sam@law.example' };

    for (const id of [webDraw, liveDraw]) {
      for (const [path, body] of [
        ['/api/draw/cancel/', { id }],
        ['/api/draw/reschedule/', { id, scheduleDate: new Date(Date.now() + 7_200_000).toISOString(), scheduleTimezone: 'UTC' }],
        ['/api/draw/reschedule/', { id, immediateDraw: true }],
        ['/api/draw/saveScrutineer/', { drawId: id, fields: scrutineer }],
      ] as const) {
        const refused = await as(test, path, body).expect(403);
        expect(refused.body).toEqual({ message });
      }
      // Nothing changed: still scheduled at its time, no scrutineer, its credit still spent.
      const draw = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body;
      expect(draw).toMatchObject({ state: 'scheduled', isCancelled: false });
      expect(draw.scrutineer).toBeNull();
    }
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(8);

    // Nor can it publish a live draw's winners, set up its entry check or brand its certificate.
    const branding = plainBranding();
    const publication = { published: true, columns: [0], names: ['Entry'], prizes: [0], truncated: false, upperCase: false, entries: false };
    for (const [path, body] of [
      ['/api/draw/publish/', { id: webDraw, ...publication }],
      ['/api/draw/unpublish/', { id: webDraw }],
      ['/api/draw/entryCheckSetup/', { drawId: webDraw, columnIdx: 0, columnName: 'Entry' }],
      ['/api/draw/entryCheckSetup/', { drawId: webDraw, cancelEntryCheck: true }],
      ['/api/draw/branding', { drawId: webDraw, branding }],
    ] as const) {
      const refused = await as(test, path, body).expect(403);
      expect(refused.body).toEqual({ message });
    }
    await agent.post('/api/draw/branding').send({ drawId: webDraw, branding }).expect(200);

    // The test key acts on its own draws; the live key and the website on theirs.
    const testDraw = (await as(test, '/api/draw/submitdraw/', simpleDraw(scheduled)).expect(200)).body as string;
    await as(test, '/api/draw/cancel/', { id: testDraw }).expect(200);
    await as(live, '/api/draw/cancel/', { id: liveDraw }).expect(200);
    await agent.post('/api/draw/cancel/').send({ id: webDraw }).expect(200);
  });

  it('a test key moves no money and changes no customer: buying credits, wallet payments and the admin console changes are refused', async () => {
    const { agent, email } = await registeredUser(t.app);
    const [{ id: userId }] = await t.query<{ id: string }>(`UPDATE users SET api_enabled = true, role = 'admin' WHERE email = $1 RETURNING id`, [email]);
    const test = (await agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key as string;
    const live = (await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key as string;
    const as = (key: string, path: string, body: object) => request(t.app.getHttpServer()).post(path).set('Authorization', `Bearer ${key}`).send(body);
    const paymentsOf = async () => (await t.query('SELECT id FROM payment WHERE user_id = $1', [userId])).length;

    const pays = 'A test API key moves no money. Use a live API key, or sign in on the website, to buy credits.';
    for (const [path, body] of [
      ['/api/account/buycredits/', { paymentOption: 1, currency: 'AUD', token: 'tok_visa' }],
      ['/api/paypal/createpayment/', { paymentOption: 1, currency: 'USD' }],
      ['/api/paypal/executepayment/', { PaymentID: 'PAYID-TEST-0000000000000000000', PayerID: 'TESTPAYER' }],
    ] as const) {
      expect((await as(test, path, body).expect(403)).body).toEqual({ message: pays });
    }
    const changes = "A test API key changes test draws only. Use a live API key, or sign in on the website, to change a customer's account.";
    for (const [path, body] of [
      ['/api/admin/addCreditPack/', { userId, amount: 5, note: 'Goodwill', idempotencyKey: 'grant-key-test-key' }],
      ['/api/admin/deleteCreditPack/', { userId, packId: '00000000-0000-4000-8000-000000000000' }],
      ['/api/admin/changeEmail/', { userId, email: 'taken-over@example.com' }],
      ['/api/admin/setApiEnabled/', { userId, apiEnabled: false }],
    ] as const) {
      expect((await as(test, path, body).expect(403)).body).toEqual({ message: changes });
    }
    expect(await paymentsOf()).toBe(0);
    const account = (await agent.get('/api/account/get/').expect(200)).body;
    expect(account).toMatchObject({ email, remainingCredits: 0, apiEnabled: true });

    // The test key still makes its free test draws and reads the account; a live key buys.
    await as(test, '/api/draw/submitdraw/', simpleDraw({ paymentOption: 0, token: 'tok_visa', currency: 'AUD' })).expect(200);
    expect(await paymentsOf()).toBe(0);
    await as(live, '/api/account/buycredits/', { paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    await as(live, '/api/admin/addCreditPack/', { userId, amount: 5, note: 'Goodwill', idempotencyKey: 'grant-key-live-key' }).expect(200);
    expect((await agent.get('/api/account/get/').expect(200)).body.remainingCredits).toBe(15);
  });

  it('a test key changes nothing of the account, and no key changes the password: that takes the website', async () => {
    const { agent, email } = await registeredUser(t.app);
    const [{ id: userId }] = await t.query<{ id: string }>('UPDATE users SET api_enabled = true WHERE email = $1 RETURNING id', [email]);
    const test = (await agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key as string;
    const live = (await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key as string;
    const as = (key: string, body: object) => request(t.app.getHttpServer()).post('/api/account/update/').set('Authorization', `Bearer ${key}`).send(body);
    const stored = () => t.query('SELECT first_name, password_hash, opted_into_communication, address_city FROM users WHERE id = $1', [userId]);
    const before = await stored();
    const newPassword = 'a brand new horse battery';

    const changesNoAccount = 'A test API key changes test draws only. Use a live API key, or sign in on the website, to change your account.';
    for (const body of [
      { firstName: 'Mallory' },
      { optedIntoCommunication: true },
      { address: { lineOne: '1 Taken St', city: 'Elsewhere', state: 'NSW', postcode: '2000', countryCode: 'AU' } },
      { currentPassword: PASSWORD, newPassword },
    ]) {
      expect((await as(test, body).expect(403)).body).toEqual({ message: changesNoAccount });
    }
    const keyChangesNoPassword = 'Your password is changed on the account page, signed in on the website, not with an API key.';
    expect((await as(live, { currentPassword: PASSWORD, newPassword }).expect(403)).body).toEqual({ message: keyChangesNoPassword });
    expect((await as(live, { currentPassword: 'a wrong guess at it', newPassword }).expect(403)).body).toEqual({ message: keyChangesNoPassword });
    expect(await stored()).toEqual(before);
    // The owner still logs in with the password it had.
    await browser(t.app).post('/api/account/login/').send({ email, password: PASSWORD }).expect(200);

    // A live key changes the details, as the owner's program may; the website changes the password.
    expect((await as(live, { firstName: 'Renamed' }).expect(200)).body.firstName).toBe('Renamed');
    await agent.post('/api/account/update/').send({ currentPassword: PASSWORD, newPassword }).expect(200);
  });

  it('a test key saves and discards its own drafts only, never one made on the website', async () => {
    const { agent, email } = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    const test = (await agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key as string;
    const as = (path: string, body: object) => request(t.app.getHttpServer()).post(path).set('Authorization', `Bearer ${test}`).send(body);
    const wizardState = { step: 'prizes', name: 'Summer promo' };
    const webDraft = (await agent.post('/api/draw/saveIncompleteDraw/').send({ name: 'Summer promo', organisation: 'Acme', wizardState }).expect(200)).body.id as string;

    const refused = await as('/api/draw/saveIncompleteDraw/', { id: webDraft, wizardState: { step: 'overwritten' } }).expect(403);
    expect(refused.body).toEqual({ message: 'A test API key acts only on test draws. Use a live API key, or sign in on the website, to change this draw.' });
    // A test draw submitted with the web draft's id leaves that draft in place.
    await as('/api/draw/submitdraw/', simpleDraw({ paymentOption: 0, token: 'tok_visa', currency: 'AUD', draftId: webDraft })).expect(200);
    expect((await agent.get('/api/draw/getIncompleteDraw/').query({ id: webDraft }).expect(200)).body.wizardState).toEqual(wizardState);

    // Its own draft it saves over, and its submission removes it.
    const testDraft = (await as('/api/draw/saveIncompleteDraw/', { wizardState }).expect(200)).body.id as string;
    await as('/api/draw/saveIncompleteDraw/', { id: testDraft, wizardState: { step: 'time' } }).expect(200);
    await as('/api/draw/submitdraw/', simpleDraw({ paymentOption: 0, token: 'tok_visa', currency: 'AUD', draftId: testDraft })).expect(200);
    await agent.get('/api/draw/getIncompleteDraw/').query({ id: testDraft }).expect(404);
  });

  it('refuse a malformed or unknown key with 401, even on public routes', async () => {
    await bearer('not-a-key').expect(401);
    await bearer('fd_live_' + 'A'.repeat(43)).expect(401);
    await browser(t.app).get('/api/account/get/').expect(200);
  });
});
