import http from 'node:http';
import request from 'supertest';
import { APP_VERSION } from '../../../src/config/app-version.js';
import { browser, deliveredTo, freshAddress, linkInLatestMail, outboxFor, PASSWORD, registeredUser, registration, sessionCookie } from '../../support/accounts.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

describe('accounts: register, confirm, log in, sessions (API)', () => {
  let t: TestApp;

  /**
   * A session check by `cookie` whose body is held back: the app has read the session (it does so as the headers
   * arrive) when this answers; `finish` sends the body and answers the response. What happens in between happens
   * while a request of that session is in flight, as in another tab.
   */
  let base: string | undefined;
  async function checkInFlight(cookie: string, address: string): Promise<{ finish: () => Promise<http.IncomingMessage> }> {
    base ??= await t.listen();
    const [{ mark }] = await t.query<{ mark: Date }>('SELECT clock_timestamp() AS mark');
    const body = JSON.stringify({ clientSession: 'tab-inflight1' });
    const sent = http.request(`${base}/api/account/authenticated/`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Forwarded-For': address },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      sent.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response));
      });
      sent.on('error', reject);
    });
    sent.flushHeaders();
    sent.write(body.slice(0, 1));
    // The session store's read of this session, done: its connection idle again after a statement begun since the mark.
    await waitUntil(
      () => t.query(`SELECT 1 FROM pg_stat_activity WHERE query LIKE 'SELECT s.sess, s.sess #>>%' AND state = 'idle' AND query_start >= $1`, [mark]),
      (rows) => rows.length > 0,
      'the session read of the request in flight',
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    return {
      finish: () => {
        sent.end(body.slice(1));
        return answered;
      },
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t.close();
  });

  describe('register', () => {
    it.each([
      [{ termsAgreed: false }, 'termsAgreed', 'You must agree to the Terms and conditions to register an account.'],
      [{ termsAgreed: undefined }, 'termsAgreed', 'You must agree to the Terms and conditions to register an account.'],
      [{ firstName: '' }, 'firstName', 'Please complete all of the above fields.'],
      [{ lastName: undefined }, 'lastName', 'Please complete all of the above fields.'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
      [{ password: '1234' }, 'password', 'Your password must be between 8 and 100 characters long.'],
      [{ password: 'x'.repeat(101) }, 'password', 'Your password must be between 8 and 100 characters long.'],
      [{ isAgent: undefined }, 'isAgent', 'Please let us know whether or not you are an agent.'],
      [{ isAgent: true }, 'agentOrganisation', "Please enter your agency's name."],
    ])('refuses %j with the spec message on %s, creating nothing', async (overrides, field, message) => {
      const body = registration(overrides);
      const response = await browser(t.app).post('/api/account/register/').send(body).expect(400);
      expect(response.body.modelState[field]).toEqual([message]);
      expect(await t.query('SELECT 1 FROM users WHERE email = $1', [body.email])).toHaveLength(0);
    });

    it('creates the account unconfirmed, logs it in with a strict httpOnly cookie and e-mails a confirmation link', async () => {
      const agent = browser(t.app);
      const body = registration({ email: 'Casey.Smith@Example.com', isAgent: true, agentOrganisation: ' Promo Agency ' });
      const response = await agent.post('/api/account/register/').send(body).expect(200);
      expect(response.body).toMatchObject({
        email: 'casey.smith@example.com',
        firstName: 'Alex',
        isAgent: true,
        agentOrganisation: 'Promo Agency',
        emailConfirmed: false,
        apiEnabled: false,
        isAdmin: false,
        remainingCredits: 0,
      });
      const cookie = sessionCookie(response)!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).not.toMatch(/Secure/i);
      const me = await agent.get('/api/account/get/').expect(200);
      expect(me.body.email).toBe('casey.smith@example.com');
      const [user] = await t.query('SELECT password_hash FROM users WHERE email = $1', ['casey.smith@example.com']);
      expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      const mails = await outboxFor(t, 'casey.smith@example.com');
      expect(mails.map((mail) => mail.subject)).toEqual(['Confirm your FairDraw account']);
      const link = await linkInLatestMail(t, 'casey.smith@example.com');
      // The address is not proven yet: the mail carries none of the visitor's own words (not even the name typed).
      const [delivered] = await deliveredTo(t, 'casey.smith@example.com');
      expect(delivered.text).toMatch(/^Hello,\n\nWelcome to FairDraw\./);
      expect(delivered.text).not.toContain('Alex');
      // Once delivered, the outbox keeps no working link, and the token table only the token's hash.
      const token = new URL(link, 'http://localhost').searchParams.get('token')!;
      // The mailbox has the mail a moment before the outbox records it sent (the SMTP answer is still on its way).
      const [kept] = await waitUntil(
        () => t.query<{ text_body: string; html_body: string | null; sent_at: Date | null }>("SELECT text_body, html_body, sent_at FROM mail_outbox WHERE to_address = 'casey.smith@example.com'"),
        ([row]) => row?.sent_at !== null,
        'the outbox to record the confirmation mail sent',
      );
      expect(kept).toEqual({ text_body: '', html_body: null, sent_at: expect.any(Date) });
      expect(await t.query('SELECT 1 FROM account_token WHERE token_hash = $1', [token])).toEqual([]);
      expect(await t.query("SELECT 1 FROM account_token WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", [token])).toHaveLength(1);
      const confirm = await request(t.app.getHttpServer()).get(link).expect(302);
      expect(confirm.headers.location).toBe('/?registered=confirmed');
      expect((await agent.get('/api/account/get/').expect(200)).body.emailConfirmed).toBe(true);
      // A confirmation link works once.
      const again = await request(t.app.getHttpServer()).get(link).expect(302);
      expect(again.headers.location).toBe('/account/login/?error=confirmation');
    });

    it('answers "Already registered." for an e-mail that has an account, whatever its case', async () => {
      const { email } = await registeredUser(t.app);
      const response = await browser(t.app)
        .post('/api/account/register/')
        .send(registration({ email: email.toUpperCase() }))
        .expect(409);
      expect(response.body).toEqual({ message: 'Already registered.', modelState: { email: ['Already registered.'] } });
    });
  });

  describe("the wizard's account step (loginOrRegister)", () => {
    it("registers a new e-mail only with register's fields, refused with register's messages, one per field", async () => {
      const before = await t.query('SELECT count(*)::int AS n FROM users');
      const response = await browser(t.app).post('/api/account/loginOrRegister/').send({ email: 'wizard-new@example.com', password: PASSWORD }).expect(400);
      expect(response.body).toEqual({
        message: 'Please complete all of the above fields.',
        modelState: {
          firstName: ['Please complete all of the above fields.'],
          lastName: ['Please complete all of the above fields.'],
          isAgent: ['Please let us know whether or not you are an agent.'],
          optedIntoCommunication: ['Please complete all of the above fields.'],
          termsAgreed: ['You must agree to the Terms and conditions to register an account.'],
        },
      });
      const agent = await browser(t.app)
        .post('/api/account/loginOrRegister/')
        .send(registration({ isAgent: true, agentOrganisation: '' }))
        .expect(400);
      expect(agent.body.modelState).toEqual({ agentOrganisation: ["Please enter your agency's name."] });
      expect(await t.query('SELECT count(*)::int AS n FROM users')).toEqual(before);
    });
  });

  describe('login and logout', () => {
    it('gives the same answer for a wrong password and an unknown e-mail', async () => {
      const { email } = await registeredUser(t.app);
      const wrongPassword = await browser(t.app).post('/api/account/login/').send({ email, password: 'wrong password' }).expect(401);
      const unknownEmail = await browser(t.app).post('/api/account/login/').send({ email: 'nobody@example.com', password: 'wrong password' }).expect(401);
      expect(wrongPassword.body).toEqual({ message: 'The e-mail address or password is incorrect.' });
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    it('refuses a login without e-mail or password with the field messages', async () => {
      const noEmail = await browser(t.app).post('/api/account/login/').send({ password: PASSWORD }).expect(400);
      expect(noEmail.body.modelState).toEqual({ email: ['Please enter a valid email address.'] });
      const noPassword = await browser(t.app).post('/api/account/login/').send({ email: 'a@example.com' }).expect(400);
      expect(noPassword.body.modelState).toEqual({ password: ['Your password must be between 8 and 100 characters long.'] });
    });

    it('renews the session id at each login, and the old id stops working', async () => {
      const { email } = await registeredUser(t.app);
      const agent = browser(t.app);
      const first = sessionCookie(await agent.post('/api/account/login/').send({ email, password: PASSWORD }).expect(200))!;
      const second = sessionCookie(await agent.post('/api/account/login/').send({ email, password: PASSWORD }).expect(200))!;
      expect(second.split(';')[0]).not.toBe(first.split(';')[0]);
      const withOldCookie = await request(t.app.getHttpServer()).get('/api/account/get/').set('Cookie', first.split(';')[0]).expect(200);
      expect(withOldCookie.body.email).toBeNull();
    });

    it('logOut destroys the session on the server', async () => {
      const { agent } = await registeredUser(t.app);
      await agent.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(200);
      // rolling is off: a check that changes nothing in the session does not rewrite the cookie.
      const cookie = sessionCookie(await agent.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(200));
      expect(cookie).toBeUndefined();
      await agent.post('/api/account/logOut/').expect(200);
      await agent.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(401);
      expect((await agent.get('/api/account/get/').expect(200)).body).toMatchObject({ email: null, firstName: null, address: null });
    });
  });

  describe('a session ended while a request of it is in flight', () => {
    it('stays ended after a password reset: the request in flight does not write it back', async () => {
      const { agent, email } = await registeredUser(t.app);
      const address = freshAddress();
      const thief = sessionCookie(await browser(t.app, address).post('/api/account/login/').send({ email, password: PASSWORD }).expect(200))!.split(';')[0];
      await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(200);
      const token = /\/account\/resetpassword\/([^/]+)\//.exec(await linkInLatestMail(t, email))![1];

      const inFlight = await checkInFlight(thief, address);
      await browser(t.app).post('/api/account/resetPassword/').send({ token, password: 'brand new secret' }).expect(200);
      await inFlight.finish();

      await request(t.app.getHttpServer()).post('/api/account/authenticated/').set('Cookie', thief).set('X-Forwarded-For', address).send({ clientSession: 'tab-12345678' }).expect(401);
      await agent.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(401);
    });

    it('stays ended after logOut in another tab: the request in flight does not write it back', async () => {
      const { email } = await registeredUser(t.app);
      const address = freshAddress();
      const tab = browser(t.app, address);
      const cookie = sessionCookie(await tab.post('/api/account/login/').send({ email, password: PASSWORD }).expect(200))!.split(';')[0];
      // A live session is still written back: the check records its tab.
      await tab.post('/api/account/authenticated/').send({ clientSession: 'tab-recorded1' }).expect(200);
      const recorded = await t.query(`SELECT 1 FROM session s JOIN users u ON u.id::text = s.sess #>> '{passport,user}' WHERE u.email = $1 AND s.sess ->> 'clientSession' = 'tab-recorded1'`, [email]);
      expect(recorded).toHaveLength(1);

      const inFlight = await checkInFlight(cookie, address);
      await tab.post('/api/account/logOut/').expect(200);
      await inFlight.finish();

      await request(t.app.getHttpServer()).post('/api/account/authenticated/').set('Cookie', cookie).set('X-Forwarded-For', address).send({ clientSession: 'tab-12345678' }).expect(401);
    });

    it("keeps another tab's new login: the answer to a request of the ended session sets no cookie", async () => {
      const first = await registeredUser(t.app);
      const second = await registeredUser(t.app);
      const address = freshAddress();
      const tab = browser(t.app, address);
      const cookie = sessionCookie(await tab.post('/api/account/login/').send({ email: first.email, password: PASSWORD }).expect(200))!.split(';')[0];

      const inFlight = await checkInFlight(cookie, address);
      await tab.post('/api/account/logOut/').expect(200);
      await tab.post('/api/account/login/').send({ email: second.email, password: PASSWORD }).expect(200);
      const late = await inFlight.finish();

      // The browser keeps the cookie it was given last: a session cookie here would replace the new login's.
      expect(sessionCookie(late)).toBeUndefined();
    });
  });

  describe('the session check and account details', () => {
    it('authenticated answers 401 to a visitor and the user with the server version otherwise', async () => {
      await browser(t.app).post('/api/account/authenticated/').query({ ts: Date.now() }).send({ clientSession: 'tab-12345678' }).expect(401);
      const { agent, email } = await registeredUser(t.app);
      const response = await agent.post('/api/account/authenticated/').query({ ts: Date.now() }).send({ clientSession: 'tab-12345678' }).expect(200);
      expect(response.body).toMatchObject({ user: { email }, version: APP_VERSION });
      const bad = await agent.post('/api/account/authenticated/').send({ clientSession: 'x' }).expect(400);
      expect(bad.body.modelState.clientSession).toBeDefined();
    });

    it('check tells whether an e-mail has an account', async () => {
      const { email } = await registeredUser(t.app);
      expect((await browser(t.app).get('/api/account/check/').query({ email }).expect(200)).body).toEqual({ exists: true });
      expect((await browser(t.app).get('/api/account/check/').query({ email: 'nobody@example.com' }).expect(200)).body).toEqual({ exists: false });
      await browser(t.app).get('/api/account/check/').query({ email: 'nope' }).expect(400);
    });

    it("refuses over-long details on update with register's messages (the account page shows them as returned)", async () => {
      const { agent } = await registeredUser(t.app);
      for (const [field, value, message] of [
        ['firstName', 'x'.repeat(101), 'First name is at most 100 characters.'],
        ['lastName', 'x'.repeat(101), 'Last name is at most 100 characters.'],
        ['agentOrganisation', 'x'.repeat(201), "The agency's name is at most 200 characters."],
      ]) {
        const response = await agent
          .post('/api/account/update/')
          .send({ [field]: value })
          .expect(400);
        expect(response.body).toEqual({ message, modelState: { [field]: [message] } });
      }
    });

    it('update changes details, address and communication choice; 401 without a session', async () => {
      const { agent } = await registeredUser(t.app);
      const response = await agent
        .post('/api/account/update/')
        .send({
          firstName: 'Jordan',
          optedIntoCommunication: false,
          address: { lineOne: '1 George St', lineTwo: '', city: 'Sydney', state: 'NSW', postcode: '2000', countryCode: 'AU' },
        })
        .expect(200);
      expect(response.body).toMatchObject({
        firstName: 'Jordan',
        lastName: 'Doe',
        optedIntoCommunication: false,
        address: { lineOne: '1 George St', lineTwo: null, city: 'Sydney', state: 'NSW', postcode: '2000', countryCode: 'AU' },
      });
      const invalid = await agent
        .post('/api/account/update/')
        .send({ address: { countryCode: 'Australia' } })
        .expect(400);
      expect(invalid.body.modelState).toEqual({ 'address.countryCode': ['Please choose a country.'] });
      await browser(t.app).post('/api/account/update/').send({ firstName: 'X' }).expect(401);
    });

    it.each([12, true, ['Agency'], { name: 'Agency' }, 'x'.repeat(201)])('refuses agentOrganisation %j without isAgent with 400, changing nothing', async (agentOrganisation) => {
      const { agent } = await registeredUser(t.app, { isAgent: true, agentOrganisation: 'Promo Agency' });
      const refused = await agent.post('/api/account/update/').send({ agentOrganisation }).expect(400);
      expect(Object.keys(refused.body.modelState)).toEqual(['agentOrganisation']);
      expect((await agent.get('/api/account/get/').expect(200)).body.agentOrganisation).toBe('Promo Agency');
      const renamed = await agent.post('/api/account/update/').send({ agentOrganisation: ' New Agency ' }).expect(200);
      expect(renamed.body.agentOrganisation).toBe('New Agency');
    });

    it('changes the password only with the current one, ending the other sessions and earlier reset links', async () => {
      const { agent, email } = await registeredUser(t.app);
      const elsewhere = browser(t.app);
      await elsewhere.post('/api/account/login/').send({ email, password: PASSWORD }).expect(200);
      await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(200);
      const earlierLink = /\/account\/resetpassword\/([^/]+)\//.exec(await linkInLatestMail(t, email))![1];
      const wrong = await agent.post('/api/account/update/').send({ currentPassword: 'nope', newPassword: 'new password 1' }).expect(400);
      expect(wrong.body.modelState).toEqual({ currentPassword: ['Your current password is incorrect.'] });
      await elsewhere.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(200);
      await agent.post('/api/account/update/').send({ currentPassword: PASSWORD, newPassword: 'new password 1' }).expect(200);
      await browser(t.app).post('/api/account/login/').send({ email, password: 'new password 1' }).expect(200);
      // The session that changed it stays; whoever held the old password, or a link mailed before, is out.
      await agent.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(200);
      await elsewhere.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(401);
      await browser(t.app).post('/api/account/resetPassword/').send({ token: earlierLink, password: 'another secret' }).expect(400);
    });
  });

  describe('password reset', () => {
    it('answers the same for known and unknown e-mails, mailing only the account holder', async () => {
      const { email } = await registeredUser(t.app);
      const known = await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(200);
      const unknown = await browser(t.app).post('/api/account/forgotPassword/').send({ email: 'ghost@example.com' }).expect(200);
      expect(known.body).toEqual(unknown.body);
      expect((await outboxFor(t, email)).map((m) => m.subject)).toContain('Reset your FairDraw password');
      expect(await outboxFor(t, 'ghost@example.com')).toEqual([]);
    });

    it('sets the new password with a token that works once, stored hashed, and ends the old sessions and links', async () => {
      const { agent, email } = await registeredUser(t.app);
      await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(200);
      const earlier = /\/account\/resetpassword\/([^/]+)\//.exec(await linkInLatestMail(t, email))![1];
      await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(200);
      const link = await linkInLatestMail(t, email);
      const token = /\/account\/resetpassword\/([^/]+)\//.exec(link)![1];
      expect(await t.query('SELECT 1 FROM account_token WHERE token_hash = $1', [token])).toHaveLength(0);

      await browser(t.app).post('/api/account/resetPassword/').send({ token, password: 'brand new secret' }).expect(200);
      await agent.post('/api/account/authenticated/').send({ clientSession: 'tab-12345678' }).expect(401);
      await browser(t.app).post('/api/account/login/').send({ email, password: 'brand new secret' }).expect(200);
      const reused = await browser(t.app).post('/api/account/resetPassword/').send({ token, password: 'another secret' }).expect(400);
      expect(reused.body.message).toBe('This password reset link is invalid or has expired. Please ask for a new one.');
      await browser(t.app).post('/api/account/resetPassword/').send({ token: earlier, password: 'another secret' }).expect(400);
    });

    it('refuses an expired token', async () => {
      const { email } = await registeredUser(t.app);
      await browser(t.app).post('/api/account/forgotPassword/').send({ email }).expect(200);
      const token = /\/account\/resetpassword\/([^/]+)\//.exec(await linkInLatestMail(t, email))![1];
      await t.query(`UPDATE account_token SET expires_at = now() - interval '1 second' WHERE purpose = 'password_reset'`);
      await browser(t.app).post('/api/account/resetPassword/').send({ token, password: 'brand new secret' }).expect(400);
    });
  });

  describe('rate limits', () => {
    it('limits registrations per address', async () => {
      const address = '192.0.2.77';
      for (let i = 0; i < 20; i++) await browser(t.app, address).post('/api/account/register/').send(registration()).expect(200);
      await browser(t.app, address).post('/api/account/register/').send(registration()).expect(429);
      await browser(t.app).post('/api/account/register/').send(registration()).expect(200);
    });

    it('limits password reset requests per address', async () => {
      const address = '192.0.2.88';
      for (let i = 0; i < 20; i++)
        await browser(t.app, address)
          .post('/api/account/forgotPassword/')
          .send({ email: `x${i}@example.com` })
          .expect(200);
      await browser(t.app, address).post('/api/account/forgotPassword/').send({ email: 'y@example.com' }).expect(429);
    });
  });

  describe('cross-site protection', () => {
    it('refuses a state change with our cookie from another site, and allows it from ours', async () => {
      const { agent } = await registeredUser(t.app);
      const refused = await agent.post('/api/account/update/').set('Sec-Fetch-Site', 'cross-site').send({ firstName: 'Evil' }).expect(403);
      expect(refused.body).toEqual({ message: 'Cross-site requests are not allowed.' });
      await agent.post('/api/account/update/').set('Origin', 'https://evil.example').send({ firstName: 'Evil' }).expect(403);
      await agent.post('/api/account/update/').set('Sec-Fetch-Site', 'same-origin').send({ firstName: 'Kim' }).expect(200);
      expect((await agent.get('/api/account/get/')).body.firstName).toBe('Kim');
    });
  });
});
