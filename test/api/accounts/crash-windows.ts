import request from 'supertest';
import { browser, linkInLatestMail, outboxFor, PASSWORD, registeredUser, registration } from '../../support/accounts.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/**
 * A process that dies between the steps of an account change: simulated by making the database refuse a later step
 * (a trigger, as a dead connection would), so the steps before it are exactly what a crash there would leave.
 */
describe('accounts: a failure between the steps of a change (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    await t.query(`CREATE FUNCTION test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the process died here'; END $$`);
  });

  afterAll(async () => {
    await t.close();
  });

  /** `work` while the sessions of `email`'s account cannot be ended. */
  async function whileSessionsCannotEnd(email: string, work: () => Promise<void>): Promise<void> {
    const [{ id }] = await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await t.query(`CREATE TRIGGER test_session_end BEFORE DELETE ON session FOR EACH ROW WHEN (OLD.sess -> 'passport' ->> 'user' = '${id}') EXECUTE FUNCTION test_fail()`);
    try {
      await work();
    } finally {
      await t.query('DROP TRIGGER test_session_end ON session');
    }
  }

  it('a password reset cut short before the old sessions end changes nothing: the link still works, then ends them', async () => {
    const { agent: thief, email } = await registeredUser(t.app);
    await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(200);
    const token = /\/account\/resetpassword\/([^/]+)\//.exec(await linkInLatestMail(t, email))![1];

    await whileSessionsCannotEnd(email, async () => {
      await browser(t.app).post('/api/account/resetPassword/').send({ token, password: 'brand new secret' }).expect(500);
    });
    // Not half done: the new password is not in force while the old sessions live on, and the link was not spent.
    await browser(t.app).post('/api/account/login/').send({ email, password: 'brand new secret' }).expect(401);
    await browser(t.app).post('/api/account/resetPassword/').send({ token, password: 'brand new secret' }).expect(200);
    await thief.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(401);
  });

  it('a password change cut short before the other sessions end changes nothing', async () => {
    const { agent, email } = await registeredUser(t.app);
    const elsewhere = browser(t.app);
    await elsewhere.post('/api/account/login/').send({ email, password: PASSWORD }).expect(200);

    await whileSessionsCannotEnd(email, async () => {
      await agent.post('/api/account/update/').send({ currentPassword: PASSWORD, newPassword: 'new password 1' }).expect(500);
    });
    await browser(t.app).post('/api/account/login/').send({ email, password: 'new password 1' }).expect(401);
    await agent.post('/api/account/update/').send({ currentPassword: PASSWORD, newPassword: 'new password 1' }).expect(200);
    await elsewhere.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(401);
  });

  it('a registration cut short before its confirmation link is mailed makes no account: registering again works and mails it', async () => {
    const body = registration();
    await t.query(`CREATE TRIGGER test_mail_store BEFORE INSERT ON mail_outbox FOR EACH ROW WHEN (NEW.to_address = '${body.email as string}') EXECUTE FUNCTION test_fail()`);
    try {
      await browser(t.app).post('/api/account/register/').send(body).expect(500);
    } finally {
      await t.query('DROP TRIGGER test_mail_store ON mail_outbox');
    }
    expect(await t.query('SELECT 1 FROM users WHERE email = $1', [body.email])).toEqual([]);
    await browser(t.app).post('/api/account/register/').send(body).expect(200);
    expect((await outboxFor(t, body.email as string)).map((m) => m.subject)).toEqual(['Confirm your FairDraw account']);
  });

  it('a confirmation cut short before the e-mail is marked confirmed leaves the link working', async () => {
    const { email } = await registeredUser(t.app);
    const link = await linkInLatestMail(t, email);
    const [{ id }] = await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await t.query(`CREATE TRIGGER test_confirm BEFORE UPDATE ON users FOR EACH ROW WHEN (OLD.id = '${id}' AND NEW.email_confirmed_at IS NOT NULL) EXECUTE FUNCTION test_fail()`);
    try {
      await request(t.app.getHttpServer()).get(link).expect(500);
    } finally {
      await t.query('DROP TRIGGER test_confirm ON users');
    }
    // The link was not spent without confirming: no other confirmation link can be asked for.
    expect((await request(t.app.getHttpServer()).get(link).expect(302)).headers.location).toBe('/?registered=confirmed');
    expect((await t.query<{ confirmed: boolean }>('SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = $1', [id]))[0].confirmed).toBe(true);
  });

  it('stores a message only with its delivery job: one that could not be queued is not left undelivered for ever', async () => {
    const { email } = await registeredUser(t.app);
    await t.query(`CREATE TRIGGER test_mail_job BEFORE INSERT ON pgboss.job FOR EACH ROW WHEN (NEW.name = 'mail-deliver') EXECUTE FUNCTION test_fail()`);
    try {
      await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(500);
    } finally {
      await t.query('DROP TRIGGER test_mail_job ON pgboss.job');
    }
    const undelivered = await t.query(
      `SELECT m.id FROM mail_outbox m WHERE m.to_address = $1 AND m.sent_at IS NULL AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'mail-deliver' AND j.data ->> 'id' = m.id::text)`,
      [email],
    );
    expect(undelivered).toEqual([]);
    expect((await outboxFor(t, email)).map((m) => m.subject)).toEqual(['Confirm your FairDraw account']);
  });
});
