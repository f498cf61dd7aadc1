import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, registeredUser, registration } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** JSON text nested `levels` deep, built as text (JSON.stringify overflows the stack on it). */
const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

/**
 * The inputs an outside probe answered with 500 (issue 24 item 1): each is refused with 400, the envelope naming the
 * field, and changes nothing.
 */
describe('bad input: 400 with the field named, never 500, nothing stored (API)', () => {
  let t: TestApp;
  let user: TestAgent;
  let admin: TestAgent;
  let userId: string;
  let drawId: string;
  const clientSession = 'bad-input-session';

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const made = await registeredUser(t.app);
    user = made.agent;
    [{ id: userId }] = await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [made.email]);
    await user.post('/api/draw/submitdraw').send(simpleDraw({ clientSession })).expect(200);
    [{ id: drawId }] = await t.query<{ id: string }>('SELECT id FROM draw WHERE owner_user_id = $1', [userId]);
    const madeAdmin = await registeredUser(t.app);
    admin = madeAdmin.agent;
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [madeAdmin.email]);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Row counts of every table a refused request could have written to. */
  async function snapshot(): Promise<Record<string, number>> {
    const tables = ['users', 'draw', 'draw_prize', 'help_contact', 'credit_pack', 'credit', 'admin_audit', 'draw_scrutineer', 'draw_branding', 'payment', 'mail_outbox'];
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const exists = await t.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [table]);
      if (exists[0].found) counts[table] = Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);
    }
    const [account] = await t.query('SELECT first_name, last_name, is_agent, opted_into_communication, address_line_one FROM users WHERE id = $1', [userId]);
    const [draw] = await t.query('SELECT name, organisation FROM draw WHERE id = $1', [drawId]);
    return { ...counts, account: JSON.stringify(account), draw: JSON.stringify(draw) } as unknown as Record<string, number>;
  }

  async function refused(call: () => request.Test, field: string): Promise<void> {
    const before = await snapshot();
    const response = await call();
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { message: expect.any(String), modelState: expect.objectContaining({ [field]: [expect.any(String)] }) } });
    expect(await snapshot()).toEqual(before);
  }

  const anonymous = () => browser(t.app);
  const contact = { name: 'Ada', email: 'ada@example.com', topic: 'Other', message: 'Hello there' };

  describe.each([
    ['a NUL character', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
  ])('%s in a string field', (_, bad) => {
    it('register: first name', () =>
      refused(
        () =>
          anonymous()
            .post('/api/account/register')
            .send(registration({ firstName: bad })),
        'firstName',
      ));
    it('login: e-mail', () =>
      refused(
        () =>
          anonymous()
            .post('/api/account/login')
            .send({ email: `${bad}@example.com`, password: 'whatever-it-is' }),
        'email',
      ));
    it('account: last name', () => refused(() => user.post('/api/account/update').send({ lastName: bad }), 'lastName'));
    it('draw: name', () => refused(() => user.post('/api/draw/submitdraw').send(simpleDraw({ name: bad, clientSession })), 'name'));
    it('draw: a prize', () => refused(() => user.post('/api/draw/submitdraw').send(simpleDraw({ prizes: [{ description: bad, quantity: 1, reserves: 0 }] })), 'prizes.0.description'));
    it('draw: time zone', () => refused(() => user.post('/api/draw/submitdraw').send(simpleDraw({ scheduleTimezone: bad })), 'scheduleTimezone'));
    it('scrutineer', () => refused(() => user.post('/api/draw/saveScrutineer').send({ drawId, fields: { firstName: bad, lastName: 'Doe', emailAddress: 'jo@example.com' } }), 'fields.firstName'));
    it('contact', () =>
      refused(
        () =>
          anonymous()
            .post('/api/Contact/CreateHelpContact')
            .send({ ...contact, message: bad }),
        'message',
      ));
    it('wallet payment', () => refused(() => user.post('/api/paypal/executepayment').send({ PaymentID: bad, PayerID: 'PAYER' }), 'PaymentID'));
    it('admin: credit note', () => refused(() => admin.post('/api/admin/addCreditPack').send({ userId, amount: 5, note: bad }), 'note'));
  });

  // A URL carries UTF-8 bytes: a lone surrogate cannot be sent in one (its CESU-8 bytes decode to U+FFFD), a NUL can.
  it('a NUL in a query string: admin customer search', () => refused(() => admin.get('/api/admin/customers?searchEmail=a%00b'), 'searchEmail'));
  it('a NUL in a path parameter: certificate short code', () => refused(() => anonymous().get('/api/certificate/ab%00cd'), 'shortCode'));

  it('refuses JSON nested 5,000 levels deep before it is transformed, naming the field', async () => {
    const deep = `{"email":${nested(5000)},"password":"x"}`;
    for (const [agent, path] of [
      [anonymous(), '/api/account/register'],
      [anonymous(), '/api/account/login'],
      [user, '/api/draw/submitdraw'],
      [user, '/api/account/update'],
      [admin, '/api/admin/addCreditPack'],
    ] as const) {
      await refused(() => agent.post(path).set('Content-Type', 'application/json').send(deep), 'email');
    }
    await refused(() => user.post('/api/account/update').set('Content-Type', 'application/json').send(nested(5000)), 'body');
  });

  it('accepts 64 levels and refuses 65', async () => {
    // A draft's wizard state is free JSON: the one place deep nesting is legitimate.
    const wizardState = (levels: number) => `{"wizardState":${'{"a":'.repeat(levels - 2)}{}${'}'.repeat(levels - 2)}}`;
    const at = (levels: number) => user.post('/api/draw/saveIncompleteDraw').set('Content-Type', 'application/json').send(wizardState(levels));
    expect((await at(64)).status).toBe(200);
    await refused(() => at(65), 'wizardState');
  });

  it('refuses integers beyond 2^53 where integers are meant, in bodies and in query strings', async () => {
    await refused(() => user.post('/api/draw/submitdraw').send(simpleDraw({ prizes: [{ description: 'Bike', quantity: 1e308, reserves: 0 }] })), 'prizes.0.quantity');
    await refused(() => user.post('/api/draw/submitdraw').send(simpleDraw({ entriesCount: 2 ** 64 })), 'entriesCount');
    await refused(() => admin.post('/api/admin/addCreditPack').send({ userId, amount: 1e308 }), 'amount');
    for (const page of ['1e308', '18446744073709551616']) {
      await refused(() => user.get('/api/account/getInvoices').query({ page }), 'page');
      await refused(() => user.get('/api/draw/getAll').query({ page }), 'page');
      await refused(() => admin.get('/api/admin/customers').query({ page }), 'page');
    }
  });

  it('refuses ISO 8601 dates JavaScript cannot read (week dates), storing nothing', async () => {
    const inTenMinutes = new Date(Date.now() + 600_000).toISOString();
    await user
      .post('/api/draw/submitdraw')
      .send(simpleDraw({ scheduleOption: 1, scheduleDate: inTenMinutes, clientSession }))
      .expect(200);
    const [{ id: scheduled }] = await t.query<{ id: string }>(`SELECT id FROM draw WHERE owner_user_id = $1 AND state = 'scheduled'`, [userId]);
    // ISO 8601 that class-validator's IsISO8601 takes and Date does not read: an Invalid Date passed every time rule.
    for (const date of ['2099-W01', '2099-W01-1']) {
      await refused(() => user.post('/api/draw/submitdraw').send(simpleDraw({ scheduleOption: 1, scheduleDate: date })), 'scheduleDate');
      await refused(() => user.post('/api/draw/reschedule').send({ id: scheduled, scheduleDate: date }), 'scheduleDate');
      await refused(() => admin.post('/api/admin/addCreditPack').send({ userId, amount: 5, expiryDate: date }), 'expiryDate');
    }
  });

  it('refuses null for required booleans', async () => {
    await refused(
      () =>
        anonymous()
          .post('/api/account/register')
          .send(registration({ isAgent: null })),
      'isAgent',
    );
    await refused(
      () =>
        anonymous()
          .post('/api/account/register')
          .send(registration({ optedIntoCommunication: null })),
      'optedIntoCommunication',
    );
    await refused(() => user.post('/api/account/update').send({ isAgent: null }), 'isAgent');
    await refused(() => user.post('/api/account/update').send({ optedIntoCommunication: null }), 'optedIntoCommunication');
  });

  it('refuses an array where an object is meant, and a missing object', async () => {
    await refused(() => user.post('/api/account/update').send({ address: [] }), 'address');
    await refused(() => user.post('/api/draw/saveScrutineer').send({ drawId, fields: [] }), 'fields');
    await refused(() => user.post('/api/draw/saveScrutineer').send({ drawId }), 'fields');
    await refused(() => user.post('/api/draw/branding').send({ drawId }), 'branding');
    await refused(() => user.post('/api/draw/branding').send({ drawId, branding: [] }), 'branding');
  });

  it('validates the login body before the login guard: a 1 MB e-mail is a 400', async () => {
    await refused(
      () =>
        anonymous()
          .post('/api/account/login')
          .send({ email: `${'a'.repeat(1024 * 1024 - 100)}@example.com`, password: 'whatever-it-is' }),
      'email',
    );
    await refused(
      () =>
        anonymous()
          .post('/api/account/login')
          .send({ email: ['ada@example.com'], password: 'whatever-it-is' }),
      'email',
    );
  });

  it('answers a multipart body cut short with 400, not 500', async () => {
    const response = await request(t.app.getHttpServer())
      .post('/api/Upload')
      .set('Content-Type', 'multipart/form-data; boundary=cut')
      .send('--cut\r\nContent-Disposition: form-data; name="clientSession"\r\n\r\nbad-input-session\r\n--cut\r\nContent-Disposition: form-data; name="file"; filename="e.csv"\r\n\r\nname\nAda\n');
    expect({ status: response.status, message: typeof response.body.message }).toEqual({ status: 400, message: 'string' });
  });
});
