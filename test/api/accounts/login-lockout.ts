import { AccountLimits } from '../../../src/accounts/application/account-limits.js';
import { browser, freshAddress, PASSWORD, registeredUser } from '../../support/accounts.js';
import { type HttpStub, sendJson, startHttpStub } from '../../support/http-stub.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const HUMAN = 'human-token';
const HUMAN_CHECK_REFUSAL = { message: 'reCAPTCHA is invalid.', modelState: { recaptchaResponse: ['reCAPTCHA is invalid.'] } };
const WRONG = { message: 'The e-mail address or password is incorrect.' };

/** The lockout policy (docs/decisions.md, "Hardening (issue 24): lockouts"), against a human check that can refuse. */
describe('failed logins: counted per account and per address, the human check asked, never the owner locked out', () => {
  let stub: HttpStub;
  let t: TestApp;

  beforeAll(async () => {
    stub = await startHttpStub((request, response) => sendJson(response, 200, { success: new URLSearchParams(request.body).get('response') === HUMAN }));
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', RECAPTCHA_SECRET_KEY: 'server-secret', RECAPTCHA_VERIFY_URL: `${stub.url}/siteverify` } });
  });

  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const login = (address: string, body: Record<string, unknown>) => browser(t.app, address).post('/api/account/login/').send(body);

  it("counts a password change's wrong current password as a failed login: guessing it with a session stops at the same cap", async () => {
    const { email } = await registeredUser(t.app, { recaptchaResponse: HUMAN });
    const address = freshAddress();
    const session = browser(t.app, address);
    await session.post('/api/account/login/').send({ email, password: PASSWORD }).expect(200);
    const change = (currentPassword: string) => session.post('/api/account/update/').send({ currentPassword, newPassword: 'taken over 123' });
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await change(`guess number ${i}`)).status);
    expect(answers).toEqual([...Array<number>(20).fill(400), 429]);
    // Refused before the password is looked at, even the right one, as a login would be.
    await change(PASSWORD).expect(429);
    // The owner elsewhere: asked for the human check (the account's failures), and the password is unchanged.
    expect((await login(freshAddress(), { email, password: PASSWORD })).body).toEqual(HUMAN_CHECK_REFUSAL);
    await login(freshAddress(), { email, password: PASSWORD, recaptchaResponse: HUMAN }).expect(200);
  });

  it('counts the failed logins of an e-mail address of 254 characters, and of a forwarded address of any length, without a 500', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`;
    expect(email).toHaveLength(254);
    await registeredUser(t.app, { email, recaptchaResponse: HUMAN });
    const address = freshAddress();
    const answers: number[] = [];
    for (let attempt = 1; attempt <= 21; attempt++) answers.push((await login(address, { email, password: `guess ${attempt}`, recaptchaResponse: HUMAN })).status);
    // Before, every failure was a 500 and none was counted: guessing this account's password had no limit.
    expect(answers).toEqual([...Array<number>(20).fill(401), 429]);
    await login(freshAddress(), { email, password: PASSWORD, recaptchaResponse: HUMAN }).expect(200);
    await browser(t.app).post('/api/account/forgotPassword').send({ email, recaptchaResponse: HUMAN }).expect(200);

    // What a proxy forwards as the client's address, garbage of any length included, is a key like any other.
    const forwarded = 'x'.repeat(300);
    expect((await login(forwarded, { email: 'nobody@example.com', password: 'wrong password' })).body).toEqual(WRONG);
    await browser(t.app, forwarded).get('/api/account/check').query({ email: 'nobody@example.com' }).expect(200);
  });

  it('a flood of wrong passwords from one address does not stop the owner signing in from another', async () => {
    const { email } = await registeredUser(t.app, { recaptchaResponse: HUMAN });
    const attacker = freshAddress();
    const answers: number[] = [];
    for (let attempt = 1; attempt <= 100; attempt++) answers.push((await login(attacker, { email, password: `guess ${attempt}`, recaptchaResponse: HUMAN })).status);
    // Twenty guesses at this account from this address, then that pair alone is refused.
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(answers.slice(20)).toEqual(Array(80).fill(429));
    const refused = await login(attacker, { email, password: PASSWORD, recaptchaResponse: HUMAN }).expect(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);

    // The owner, elsewhere, is asked for the human check (the account has failed often) and signs in with it.
    const owner = freshAddress();
    expect((await login(owner, { email, password: PASSWORD }).expect(400)).body).toEqual(HUMAN_CHECK_REFUSAL);
    const signedIn = await login(owner, { email, password: PASSWORD, recaptchaResponse: HUMAN }).expect(200);
    expect(signedIn.body.email).toBe(email);
  });

  it('asks for the human check after a few failures of the account, from any address, instead of refusing', async () => {
    const { email } = await registeredUser(t.app, { recaptchaResponse: HUMAN });
    // A sent token is always checked; none is needed while nothing has failed.
    expect((await login(freshAddress(), { email, password: 'guess 0', recaptchaResponse: 'bot-token' }).expect(400)).body).toEqual(HUMAN_CHECK_REFUSAL);
    for (let attempt = 1; attempt <= 3; attempt++) expect((await login(freshAddress(), { email, password: `guess ${attempt}` }).expect(401)).body).toEqual(WRONG);
    // Three failures from three addresses: the account now needs the check, wherever the next login comes from.
    expect((await login(freshAddress(), { email, password: PASSWORD }).expect(400)).body).toEqual(HUMAN_CHECK_REFUSAL);
    expect((await login(freshAddress(), { email, password: PASSWORD, recaptchaResponse: 'bot-token' }).expect(400)).body).toEqual(HUMAN_CHECK_REFUSAL);
    await login(freshAddress(), { email, password: PASSWORD, recaptchaResponse: HUMAN }).expect(200);
    // A successful login clears the account's count: its next login needs no check again.
    await login(freshAddress(), { email, password: PASSWORD }).expect(200);
  });

  it('asks for the human check from an address after a few failures there, whichever accounts they were for', async () => {
    const { email } = await registeredUser(t.app, { recaptchaResponse: HUMAN });
    const address = freshAddress();
    for (let attempt = 1; attempt <= 3; attempt++) await login(address, { email: `nobody-${attempt}@example.com`, password: 'guess' }).expect(401);
    expect((await login(address, { email, password: PASSWORD }).expect(400)).body).toEqual(HUMAN_CHECK_REFUSAL);
    await login(address, { email, password: PASSWORD, recaptchaResponse: HUMAN }).expect(200);
    // Signing in to one account clears nothing for the address: a stuffing run cannot reset its count with its own account.
    expect((await login(address, { email, password: PASSWORD }).expect(400)).body).toEqual(HUMAN_CHECK_REFUSAL);
  });

  it('refuses an address past its ceiling of 300 failed logins an hour (credential stuffing), for every account, and only there', async () => {
    const { email } = await registeredUser(t.app, { recaptchaResponse: HUMAN });
    const stuffer = freshAddress();
    // 298 earlier failures from this address (counted as the login counts them), then the last two through the API.
    const perAddress = t.app.get(AccountLimits).failedLoginsPerAddress;
    for (let failure = 1; failure <= 298; failure++) await perAddress.consume(stuffer);
    for (let attempt = 1; attempt <= 2; attempt++) await login(stuffer, { email: `stuffed-${attempt}@example.com`, password: 'leaked', recaptchaResponse: HUMAN }).expect(401);
    const refused = await login(stuffer, { email, password: PASSWORD, recaptchaResponse: HUMAN }).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await login(freshAddress(), { email, password: PASSWORD }).expect(200);
  });
});
