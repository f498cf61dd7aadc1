import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { browser, registeredUser } from '../../support/accounts.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const SCRIPT = resolve('dist/scripts/admin-create.js');

function run(args: string[], databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm run admin:create (the only way to make an administrator)', () => {
  let t: TestApp;

  beforeAll(async () => {
    if (!existsSync(SCRIPT)) throw new Error(`${SCRIPT} is missing: npm test builds it first.`);
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('creates an administrator with a random password printed once', async () => {
    const result = await run(['--email', 'Boss@Example.com'], t.databaseUrl);
    expect(result.code).toBe(0);
    const password = /Password \(shown once; change it from the account page\): (\S+)/.exec(result.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const agent = browser(t.app);
    const login = await agent.post('/api/account/login/').send({ email: 'boss@example.com', password }).expect(200);
    expect(login.body).toMatchObject({ isAdmin: true, emailConfirmed: true });
    // A second run never resets the password of an existing administrator.
    const again = await run(['--email', 'boss@example.com'], t.databaseUrl);
    expect(again.stdout).toContain('boss@example.com is now an administrator.');
    await browser(t.app).post('/api/account/login/').send({ email: 'boss@example.com', password }).expect(200);
  });

  it('promotes an existing account', async () => {
    const { agent, email } = await registeredUser(t.app);
    expect((await agent.get('/api/account/get/')).body.isAdmin).toBe(false);
    const result = await run(['--email', email], t.databaseUrl);
    expect(result.stdout).toContain(`${email} is now an administrator.`);
    expect((await agent.get('/api/account/get/')).body.isAdmin).toBe(true);
  });

  it('refuses a missing or invalid e-mail with the usage', async () => {
    const result = await run(['--email', 'nope'], t.databaseUrl);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run admin:create -- --email');
  });
});
