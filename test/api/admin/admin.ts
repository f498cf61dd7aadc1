import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, linkInLatestMail, outboxFor, PASSWORD, registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

interface Pack {
  id: string;
  isManual: boolean;
  isTrialPack: boolean;
  isRefund: boolean;
  expiryDate: string;
  note: string | null;
  credits: { redeemedDate: string | null }[];
}

const DAY = 86_400_000;

describe('admin console API: customers, credit packs, e-mail changes, API access, audit', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const made = await registeredUser(t.app, { firstName: 'Ada', lastName: 'Admin' });
    admin = made.agent;
    adminEmail = made.email;
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [adminEmail]);
  });

  afterAll(async () => {
    await t.close();
  });

  async function customer(overrides: Record<string, unknown> = {}): Promise<{ agent: TestAgent; email: string; userId: string }> {
    const made = await registeredUser(t.app, overrides);
    const [{ id }] = await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [made.email]);
    return { ...made, userId: id };
  }

  const credits = async (userId: string) =>
    (await admin.get('/api/admin/getCreditsData/').query({ userId }).expect(200)).body as { packs: Pack[]; unusedCredits: number; latestTrialExpiry: string | null };
  const addPack = (body: Record<string, unknown>) => admin.post('/api/admin/addCreditPack/').send(body);

  it('refuses every admin endpoint to visitors (401) and to customers, by session or API key (403)', async () => {
    const { agent, email, userId } = await customer();
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    const key = (await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key as string;
    const calls: [method: 'get' | 'post', path: string, payload: Record<string, unknown>][] = [
      ['get', '/api/admin/statistics/', {}],
      ['get', '/api/admin/customers/', { searchEmail: 'a' }],
      ['get', '/api/admin/getCreditsData/', { userId }],
      ['post', '/api/admin/addCreditPack/', { userId, amount: 5 }],
      ['post', '/api/admin/deleteCreditPack/', { userId, packId: userId }],
      ['post', '/api/admin/changeEmail/', { userId, email: 'taken-over@example.com' }],
      ['get', '/api/admin/getEmailHistory/', { userId }],
      ['post', '/api/admin/setApiEnabled/', { userId, apiEnabled: true }],
      ['get', '/api/admin/getAuditLog/', {}],
    ];
    const api = request(t.app.getHttpServer());
    for (const [method, path, payload] of calls) {
      const send = (req: request.Test) => (method === 'get' ? req.query(payload) : req.send(payload));
      const asCustomer = await send(agent[method](path));
      expect([path, asCustomer.status, asCustomer.body.message]).toEqual([path, 403, 'This area is for administrators.']);
      const byKey = await send(api[method](path).set('Authorization', `Bearer ${key}`));
      expect([path, byKey.status]).toEqual([path, 403]);
      expect([path, (await send(browser(t.app)[method](path))).status]).toEqual([path, 401]);
    }
    // Nothing was changed by the refused calls.
    expect((await credits(userId)).packs).toEqual([]);
    expect((await t.query('SELECT email FROM users WHERE id = $1', [userId]))[0].email).toBe(email);
  });

  it('lists customers 10 a page, searched by part of the e-mail and sorted by the spec’s columns', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made: { email: string; userId: string; agent: TestAgent }[] = [];
    for (let index = 0; index < 12; index += 1) {
      made.push(await customer({ email: `${tag}-${String(index).padStart(2, '0')}@example.com`, firstName: `Name${String(11 - index).padStart(2, '0')}`, lastName: 'Test' }));
    }
    // Customer 3 bought credits; customer 5 then ran a draw with one of its own.
    await made[3].agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    await made[5].agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'GBP', token: 'tok_visa' }).expect(200);
    await made[5].agent
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ paymentOption: 2 }))
      .expect(200);

    const page1 = await admin.get('/api/admin/customers/').query({ searchEmail: tag.toUpperCase() }).expect(200);
    expect(page1.body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page1.body.customers.map((c: { email: string }) => c.email)).toEqual(made.slice(0, 10).map((c) => c.email));
    expect(page1.body.customers[0]).toEqual({
      userId: made[0].userId,
      email: made[0].email,
      emailName: 'Name11 Test',
      lastPurchased: null,
      lastUsed: null,
      apiEnabled: false,
      isAdmin: false,
      unusedCredits: 0,
    });
    const page2 = await admin.get('/api/admin/customers/').query({ searchEmail: tag, page: 2 }).expect(200);
    expect(page2.body.customers.map((c: { email: string }) => c.email)).toEqual(made.slice(10).map((c) => c.email));

    const byName = await admin.get('/api/admin/customers/').query({ searchEmail: tag, sortColumn: 'emailName' }).expect(200);
    expect(byName.body.customers[0].emailName).toBe('Name00 Test');
    const byEmailDescending = await admin.get('/api/admin/customers/').query({ searchEmail: tag, sortDescending: true }).expect(200);
    expect(byEmailDescending.body.customers[0].email).toBe(made[11].email);
    const byPurchase = await admin.get('/api/admin/customers/').query({ searchEmail: tag, sortColumn: 'lastPurchased', sortDescending: true }).expect(200);
    expect(byPurchase.body.customers.slice(0, 2).map((c: { email: string }) => c.email)).toEqual([made[5].email, made[3].email]);
    expect(byPurchase.body.customers[0]).toMatchObject({ unusedCredits: 9 });
    expect(Date.parse(byPurchase.body.customers[0].lastPurchased)).toBeGreaterThan(Date.now() - 60_000);
    const byUse = await admin.get('/api/admin/customers/').query({ searchEmail: tag, sortColumn: 'lastUsed', sortDescending: true }).expect(200);
    expect(byUse.body.customers[0].email).toBe(made[5].email);
    expect(byUse.body.customers[1].lastUsed).toBeNull();

    // LIKE's wildcards typed in the search match themselves only.
    expect((await admin.get('/api/admin/customers/').query({ searchEmail: '%' }).expect(200)).body.total).toBe(0);
    expect(
      (
        await admin
          .get('/api/admin/customers/')
          .query({ searchEmail: `${tag}-0_` })
          .expect(200)
      ).body.total,
    ).toBe(0);
    const bad = await admin.get('/api/admin/customers/').query({ sortColumn: 'password' }).expect(400);
    expect(bad.body.modelState).toEqual({ sortColumn: ['Sort by email, emailName, lastPurchased or lastUsed.'] });
  });

  it('adds credit packs by the admin rules, and the customer can spend them', async () => {
    const { agent, userId } = await customer();
    const now = Date.now();

    for (const amount of [0, 101, 2.5, '7']) {
      const refused = await addPack({ userId, amount }).expect(400);
      expect(refused.body).toEqual({ message: 'Please enter a valid amount between 1 and 100.', modelState: { amount: ['Please enter a valid amount between 1 and 100.'] } });
    }
    const past = await addPack({ userId, amount: 5, expiryDate: new Date(now - DAY).toISOString() }).expect(400);
    expect(past.body.modelState).toEqual({ expiryDate: ['Please select an expiry date in the future.'] });
    const noDate = await addPack({ userId, amount: 5, updateAllExpiries: true }).expect(400);
    expect(noDate.body.modelState).toEqual({ expiryDate: ['Please select an expiry date.'] });
    const unknown = await addPack({ userId: '00000000-0000-4000-8000-000000000000', amount: 5 }).expect(404);
    expect(unknown.body.message).toBe('Customer not found.');
    expect((await credits(userId)).packs).toEqual([]);

    // A manual pack without a date lasts 24 months, as bought credits do.
    const manual = (await addPack({ userId, amount: 5, note: 'Goodwill for the outage' }).expect(200)).body as { packs: Pack[]; unusedCredits: number };
    expect(manual.unusedCredits).toBe(5);
    expect(manual.packs[0]).toMatchObject({ isManual: true, isTrialPack: false, note: 'Goodwill for the outage' });
    expect(Date.parse(manual.packs[0].expiryDate)).toBeGreaterThan(now + 729 * DAY);

    // The trial shortcut: one month, 'Trial credits', and it never moves the other packs' expiry.
    const trial = (await addPack({ userId, amount: 3, isTrialPack: true, updateAllExpiries: true }).expect(200)).body as { packs: Pack[]; unusedCredits: number; latestTrialExpiry: string };
    expect(trial.unusedCredits).toBe(8);
    expect(trial.packs[0]).toMatchObject({ isTrialPack: true, isManual: false, note: 'Trial credits' });
    const trialExpiry = Date.parse(trial.packs[0].expiryDate);
    expect(trialExpiry).toBeGreaterThan(now + 27 * DAY);
    expect(trialExpiry).toBeLessThan(now + 32 * DAY);
    expect(trial.latestTrialExpiry).toBe(trial.packs[0].expiryDate);
    expect(trial.packs[1].expiryDate).toBe(manual.packs[0].expiryDate);

    // With updateAllExpiries every pack takes the new pack's date.
    const date = new Date(now + 90 * DAY).toISOString();
    const all = (await addPack({ userId, amount: 1, expiryDate: date, updateAllExpiries: true }).expect(200)).body as { packs: Pack[]; unusedCredits: number };
    expect(all.packs.map((pack) => pack.expiryDate)).toEqual([date, date, date]);
    expect(all.unusedCredits).toBe(9);

    // The customer sees and spends them.
    expect((await agent.get('/api/account/get/').expect(200)).body.remainingCredits).toBe(9);
    await agent
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ paymentOption: 2 }))
      .expect(200);
    expect((await agent.get('/api/account/get/').expect(200)).body.remainingCredits).toBe(8);
  });

  it('deletes a pack none of whose credits was spent, and refuses the others', async () => {
    const { agent, userId } = await customer();
    const other = await customer();
    const first = (await addPack({ userId, amount: 1, expiryDate: new Date(Date.now() + 10 * DAY).toISOString() }).expect(200)).body as { packs: Pack[] };
    const spentPack = first.packs[0];
    // The draw spends the credit that expires first: the 10-day pack.
    await agent
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ paymentOption: 2 }))
      .expect(200);
    const second = (await addPack({ userId, amount: 4 }).expect(200)).body as { packs: Pack[] };
    const unusedPack = second.packs.find((pack) => pack.id !== spentPack.id)!;

    const refused = await admin.post('/api/admin/deleteCreditPack/').send({ userId, packId: spentPack.id }).expect(409);
    expect(refused.body.message).toBe('Credits of this pack have been used, so it cannot be deleted.');
    const notTheirs = await admin.post('/api/admin/deleteCreditPack/').send({ userId: other.userId, packId: unusedPack.id }).expect(404);
    expect(notTheirs.body.message).toBe('Credit pack not found.');
    const after = (await admin.post('/api/admin/deleteCreditPack/').send({ userId, packId: unusedPack.id }).expect(200)).body as { packs: Pack[]; unusedCredits: number };
    expect(after.packs.map((pack) => pack.id)).toEqual([spentPack.id]);
    expect(after.unusedCredits).toBe(0);
    expect(await t.query('SELECT 1 FROM credit WHERE pack_id = $1', [unusedPack.id])).toEqual([]);
  });

  it('changes a customer’s e-mail with its rules, tells both addresses and keeps the history', async () => {
    const { userId, email } = await customer({ firstName: 'Cleo' });
    // Links mailed to the old address before the change: its confirmation, and a password reset.
    const confirmation = await linkInLatestMail(t, email);
    await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(200);
    const reset = /\/account\/resetpassword\/([^/]+)\//.exec(await linkInLatestMail(t, email))![1];
    const taken = await customer();
    const newEmail = `renamed-${Date.now().toString(36)}@example.com`;

    const invalid = await admin.post('/api/admin/changeEmail/').send({ userId, email: 'not-an-address' }).expect(400);
    expect(invalid.body.modelState).toEqual({ email: ['Please enter a valid email address.'] });
    const same = await admin.post('/api/admin/changeEmail/').send({ userId, email: email.toUpperCase() }).expect(400);
    expect(same.body.message).toBe('This is already the customer’s e-mail address.');
    const conflict = await admin.post('/api/admin/changeEmail/').send({ userId, email: taken.email }).expect(409);
    expect(conflict.body.message).toBe('An account with this email address already exists.');

    const changed = await admin
      .post('/api/admin/changeEmail/')
      .send({ userId, email: ` ${newEmail.toUpperCase()} ` })
      .expect(200);
    expect(changed.body).toEqual({ userId, email: newEmail, emailName: 'Cleo Doe', emailConfirmed: false, apiEnabled: false });
    expect((await outboxFor(t, email)).at(-1)?.subject).toBe('Your FairDraw e-mail address has changed');
    expect((await outboxFor(t, newEmail)).at(-1)?.subject).toBe('Confirm your FairDraw account');

    await browser(t.app).post('/api/account/login/').send({ email, password: PASSWORD }).expect(401);
    await browser(t.app).post('/api/account/login/').send({ email: newEmail, password: PASSWORD }).expect(200);
    // Whoever reads the old mailbox can neither choose the password nor confirm the new, unproven address.
    await browser(t.app).post('/api/account/resetPassword/').send({ token: reset, password: 'taken over' }).expect(400);
    await browser(t.app).get(confirmation);
    expect(await t.query('SELECT email_confirmed_at FROM users WHERE id = $1', [userId])).toEqual([{ email_confirmed_at: null }]);
    await browser(t.app).post('/api/account/login/').send({ email: newEmail, password: PASSWORD }).expect(200);

    const history = await admin.get('/api/admin/getEmailHistory/').query({ userId }).expect(200);
    expect(history.body).toEqual([{ email, newEmail, dateChangedFrom: expect.any(String), changedBy: adminEmail }]);
    expect(Date.now() - Date.parse(history.body[0].dateChangedFrom)).toBeLessThan(60_000);
    expect((await admin.get('/api/admin/getEmailHistory/').query({ userId: taken.userId }).expect(200)).body).toEqual([]);
  });

  it('changes an e-mail with the links it ends in one go: a change cut short before they end leaves the address as it was', async () => {
    const { email, userId } = await customer();
    await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(200);
    const reset = /\/account\/resetpassword\/([^/]+)\//.exec(await linkInLatestMail(t, email))![1];
    const newEmail = `moved-${Date.now().toString(36)}@example.com`;
    // The process dies as the links mailed to the old address are being ended (simulated: the database refuses it).
    await t.query(`CREATE FUNCTION test_fail_links() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the process died here'; END $$`);
    await t.query(`CREATE TRIGGER test_links_end BEFORE UPDATE ON account_token FOR EACH ROW WHEN (OLD.user_id = '${userId}') EXECUTE FUNCTION test_fail_links()`);
    try {
      await admin.post('/api/admin/changeEmail/').send({ userId, email: newEmail }).expect(500);
    } finally {
      await t.query('DROP TRIGGER test_links_end ON account_token');
      await t.query('DROP FUNCTION test_fail_links()');
    }
    // Not half done (the new address in force while the old mailbox's links still work, and a retry refused as no change).
    expect(await t.query('SELECT email FROM users WHERE id = $1', [userId])).toEqual([{ email }]);
    expect(await outboxFor(t, newEmail)).toEqual([]);
    await admin.post('/api/admin/changeEmail/').send({ userId, email: newEmail }).expect(200);
    await browser(t.app).post('/api/account/resetPassword/').send({ token: reset, password: 'taken over' }).expect(400);
  });

  it('changes nothing of a customer when the action’s audit row cannot be written: no e-mail change or API access without it', async () => {
    const { email, userId } = await customer();
    const newEmail = `unaudited-${Date.now().toString(36)}@example.com`;
    // The process dies as the audit row is written (simulated: the database refuses it).
    await t.query(`CREATE FUNCTION test_fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the process died here'; END $$`);
    await t.query(`CREATE TRIGGER test_audit BEFORE INSERT ON admin_audit FOR EACH ROW WHEN (NEW.customer_user_id = '${userId}') EXECUTE FUNCTION test_fail_audit()`);
    try {
      await admin.post('/api/admin/changeEmail/').send({ userId, email: newEmail }).expect(500);
      await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: true }).expect(500);
    } finally {
      await t.query('DROP TRIGGER test_audit ON admin_audit');
      await t.query('DROP FUNCTION test_fail_audit()');
    }
    expect(await t.query('SELECT email, api_enabled FROM users WHERE id = $1', [userId])).toEqual([{ email, api_enabled: false }]);
    expect(await outboxFor(t, newEmail)).toEqual([]);
    await admin.post('/api/admin/changeEmail/').send({ userId, email: newEmail }).expect(200);
    expect((await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: true }).expect(200)).body).toMatchObject({ email: newEmail, apiEnabled: true });
    const audited = await t.query<{ action: string }>('SELECT action FROM admin_audit WHERE customer_user_id = $1 ORDER BY id', [userId]);
    expect(audited.map((row) => row.action)).toEqual(['changeEmail', 'setApiEnabled']);
  });

  it('grants and revokes API access; a revoked customer’s keys stop at once', async () => {
    const { agent, userId } = await customer();
    await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(403);
    expect((await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: true }).expect(200)).body).toMatchObject({ userId, apiEnabled: true });
    const key = (await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key as string;
    const api = request(t.app.getHttpServer());
    await api.get('/api/account/get/').set('Authorization', `Bearer ${key}`).expect(200);
    await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: false }).expect(200);
    await api.get('/api/account/get/').set('Authorization', `Bearer ${key}`).expect(401);
    const bad = await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: 'yes' }).expect(400);
    expect(Object.keys(bad.body.modelState)).toEqual(['apiEnabled']);
  });

  it('switching API access off revokes the keys: switched on again, none of them works (new keys are needed)', async () => {
    const { agent, userId } = await customer();
    await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: true }).expect(200);
    const keys = [];
    for (const kind of ['live', 'test']) keys.push((await agent.post('/api/account/createApiKey/').send({ kind }).expect(200)).body.key as string);
    const api = request(t.app.getHttpServer());
    const asKey = (key: string) => api.get('/api/account/get/').set('Authorization', `Bearer ${key}`);

    await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: false }).expect(200);
    // The customer still sees its keys, revoked.
    const listed = (await agent.get('/api/account/getApiKeys/').expect(200)).body as { revokedAt: string | null }[];
    expect(listed.map((key) => key.revokedAt === null)).toEqual([false, false]);
    // Switched off twice, nothing more to revoke.
    await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: false }).expect(200);
    await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: true }).expect(200);
    for (const key of keys) expect((await asKey(key).expect(401)).body).toEqual({ message: 'The API key is invalid or has been revoked.' });
    const fresh = (await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key as string;
    await asKey(fresh).expect(200);

    const audited = await t.query<{ detail: unknown }>(`SELECT detail FROM admin_audit WHERE customer_user_id = $1 AND action = 'setApiEnabled' ORDER BY id`, [userId]);
    expect(audited.map((row) => row.detail)).toEqual([{ apiEnabled: true }, { apiEnabled: false, revokedKeys: 2 }, { apiEnabled: false, revokedKeys: 0 }, { apiEnabled: true }]);
  });

  it('revokes the keys in the switch’s transaction: a failed audit row leaves access and keys as they were', async () => {
    const { agent, userId } = await customer();
    await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: true }).expect(200);
    const key = (await agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key as string;
    await t.query(`CREATE FUNCTION test_fail_switch_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit down'; END $$`);
    await t.query(`CREATE TRIGGER test_switch_audit BEFORE INSERT ON admin_audit FOR EACH ROW WHEN (NEW.customer_user_id = '${userId}') EXECUTE FUNCTION test_fail_switch_audit()`);
    try {
      await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: false }).expect(500);
    } finally {
      await t.query('DROP TRIGGER test_switch_audit ON admin_audit');
      await t.query('DROP FUNCTION test_fail_switch_audit()');
    }
    expect(await t.query('SELECT api_enabled FROM users WHERE id = $1', [userId])).toEqual([{ api_enabled: true }]);
    await request(t.app.getHttpServer()).get('/api/account/get/').set('Authorization', `Bearer ${key}`).expect(200);
  });

  it('records every administrator action with who, what and when', async () => {
    const { userId, email } = await customer();
    const started = Date.now();
    await admin.get('/api/admin/getCreditsData/').query({ userId }).expect(200);
    const added = (await addPack({ userId, amount: 2, isTrialPack: true }).expect(200)).body as { packs: Pack[] };
    await admin.post('/api/admin/deleteCreditPack/').send({ userId, packId: added.packs[0].id }).expect(200);
    await admin
      .post('/api/admin/changeEmail/')
      .send({ userId, email: `audited-${email}` })
      .expect(200);
    await admin.get('/api/admin/getEmailHistory/').query({ userId }).expect(200);
    await admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: true }).expect(200);
    // A refused action changes nothing and is not recorded as done.
    await addPack({ userId, amount: 500 }).expect(400);

    const log = (await admin.get('/api/admin/getAuditLog/').query({ userId }).expect(200)).body as {
      action: string;
      adminEmail: string;
      at: string;
      customerUserId: string;
      detail: Record<string, unknown>;
    }[];
    expect(log.map((entry) => entry.action)).toEqual(['setApiEnabled', 'getEmailHistory', 'changeEmail', 'deleteCreditPack', 'addCreditPack', 'getCreditsData']);
    for (const entry of log) {
      expect(entry).toMatchObject({ adminEmail, customerUserId: userId });
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000);
    }
    expect(log[2].detail).toEqual({ from: email, to: `audited-${email}` });
    expect(log[3].detail).toMatchObject({ packId: added.packs[0].id, kind: 'trial', credits: 2 });
    expect(log[4].detail).toMatchObject({ packId: added.packs[0].id, credits: 2, isTrialPack: true, updateAllExpiries: false, note: 'Trial credits' });
    expect(log[0].detail).toEqual({ apiEnabled: true });
    // The whole log (no filter) has them too, with the administrator's id in the table.
    const rows = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_audit a JOIN users u ON u.id = a.admin_user_id WHERE u.email = $1 AND a.customer_user_id = $2', [
      adminEmail,
      userId,
    ]);
    expect(rows[0].n).toBe(6);
  });
});
