import { hashPassword } from '../../../src/accounts/application/password-hasher.js';
import { browser, linkInLatestMail, PASSWORD, registeredUser, registration } from '../../support/accounts.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const LENGTH = 'Your password must be between 8 and 100 characters long.';
const GUESSABLE = 'This password is too common or too easy to guess. Try a few unrelated words, or a longer password.';

/** Issue 24 item 10: NIST SP 800-63B through libs/password-policy, wherever a password is chosen; logging in checks none of it. */
describe('password policy (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  const users = async () => Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM users'))[0].n);

  it.each([
    ['1234567', LENGTH],
    ['password', GUESSABLE],
    ['P@ssw0rd1', GUESSABLE],
    ['qwertyuiop', GUESSABLE],
    ['fairdraw2026', GUESSABLE],
  ])('refuses %p at registration, creating nothing', async (password, message) => {
    const before = await users();
    const response = await browser(t.app).post('/api/account/register').send(registration({ password })).expect(400);
    expect(response.body).toEqual({ message, modelState: { password: [message] } });
    expect(await users()).toBe(before);
  });

  it("refuses a password made of the person's own e-mail or name, at registration and in the wizard's account step", async () => {
    const body = registration({ email: 'wolfeschlegel.h@example.com', lastName: 'Wolfeschlegel' });
    const own = await browser(t.app)
      .post('/api/account/register')
      .send({ ...body, password: 'Wolfeschlegel1' })
      .expect(400);
    expect(own.body.modelState).toEqual({ password: [GUESSABLE] });
    const wizard = await browser(t.app)
      .post('/api/account/loginOrRegister')
      .send({ ...body, password: 'wolfeschlegel.h@example.com' })
      .expect(400);
    expect(wizard.body.modelState).toEqual({ password: [GUESSABLE] });
    await browser(t.app)
      .post('/api/account/register')
      .send({ ...body, password: 'blue lamp river' })
      .expect(200);
  });

  it('applies the rule to a changed password, with the account’s own details', async () => {
    const { agent } = await registeredUser(t.app, { lastName: 'Wolfeschlegel' });
    for (const [newPassword, message] of [
      ['short', LENGTH],
      ['password', GUESSABLE],
      ['Wolfeschlegel1', GUESSABLE],
    ]) {
      const response = await agent.post('/api/account/update').send({ currentPassword: PASSWORD, newPassword }).expect(400);
      expect(response.body.modelState).toEqual({ newPassword: [message] });
    }
    await agent.post('/api/account/update').send({ currentPassword: PASSWORD, newPassword: 'blue lamp river' }).expect(200);
  });

  it('refuses a weak new password by reset link without using the link up', async () => {
    const { email } = await registeredUser(t.app);
    await browser(t.app).post('/api/account/forgotPassword').send({ email }).expect(200);
    const token = /\/account\/resetpassword\/([^/]+)\//.exec(await linkInLatestMail(t, email))![1];
    const weak = await browser(t.app).post('/api/account/resetPassword').send({ token, password: 'iloveyou' }).expect(400);
    expect(weak.body.modelState).toEqual({ password: [GUESSABLE] });
    await browser(t.app).post('/api/account/resetPassword').send({ token, password: 'blue lamp river' }).expect(200);
    await browser(t.app).post('/api/account/login').send({ email, password: 'blue lamp river' }).expect(200);
  });

  it('keeps passwords chosen under the old rule working at login', async () => {
    const { email } = await registeredUser(t.app);
    // Five characters and in every list: acceptable when it was chosen.
    await t.query('UPDATE users SET password_hash = $2 WHERE email = $1', [email, await hashPassword('abc12')]);
    await browser(t.app).post('/api/account/login').send({ email, password: 'abc12' }).expect(200);
    await browser(t.app).post('/api/account/loginOrRegister').send({ email, password: 'abc12' }).expect(200);
  });
});
