import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../setup/test-database.js';

type LogLine = Record<string, unknown> & { level: string; time: string; msg: string };

describe('structured logs (the built server, its stdout)', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let server: ServerProcess;
  let unreachable: Server;
  // Distinctive values that must never reach a log line.
  const email = `private.person.${Date.now()}@example.org`;
  const clientAddress = '203.0.113.77';
  const entryValue = 'Zebediah-Quackenbush-7731';

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-logging-'));
    // A port that drops every connection: the quantum service and the human check provider fail, and the server says
    // so. (A merely free port could be handed to the server itself a moment later.)
    unreachable = createServer((socket) => socket.destroy());
    await new Promise<void>((listening) => unreachable.listen(0, '127.0.0.1', listening));
    const closed = `http://127.0.0.1:${(unreachable.address() as AddressInfo).port}`;
    server = await startServerProcess({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
      QUANTUM_SEED_URL: `${closed}/quantum`,
      RECAPTCHA_SECRET_KEY: 'test-secret',
      RECAPTCHA_VERIFY_URL: `${closed}/siteverify`,
    });
  });

  afterAll(async () => {
    await server.stop();
    await new Promise((closedDown) => unreachable.close(closedDown));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (path: string, init: RequestInit & { requestId?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { 'X-Forwarded-For': clientAddress, ...(init.requestId ? { 'X-Request-Id': init.requestId } : {}), ...(init.headers as Record<string, string>) },
    });

  const lines = (): LogLine[] =>
    server
      .output()
      .split('\n')
      // Node's own warnings (stderr, e.g. "(node:123) DeprecationWarning…" and its "(Use `node --trace-…" hint) are not the app's lines.
      .filter((line) => line.trim() !== '' && !line.startsWith('('))
      .map((line) => JSON.parse(line) as LogLine);

  it('writes JSON lines with the request id on each line written while handling the request, and echoes the id', async () => {
    const seed = await call('/api/tools/seed', { requestId: 'log-test-seed' });
    expect(seed.status).toBe(200);
    expect(seed.headers.get('x-request-id')).toBe('log-test-seed');

    // The id survives the body being read: the human check's warning comes after it.
    const forgot = await call('/api/account/forgotPassword', {
      method: 'POST',
      requestId: 'log-test-forgot',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, recaptchaResponse: 'token' }),
    });
    expect(forgot.status).toBe(400);

    const generated = await call('/api/version/get');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await call('/api/version/get', { requestId: 'x'.repeat(200) });
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    await call('/api/version/get', { requestId: 'log-test-last' });
    await server.waitFor('"requestId":"log-test-last"');

    const all = lines();
    expect(all.every((line) => typeof line.level === 'string' && typeof line.time === 'string' && typeof line.msg === 'string')).toBe(true);
    const ofSeed = all.filter((line) => line.requestId === 'log-test-seed');
    expect(ofSeed).toContainEqual(expect.objectContaining({ level: 'warn', context: 'QuantumSeed' }));
    expect(ofSeed).toContainEqual(expect.objectContaining({ msg: 'request completed', method: 'GET', route: '/api/tools/seed', statusCode: 200 }));
    const ofForgot = all.filter((line) => line.requestId === 'log-test-forgot');
    expect(ofForgot).toContainEqual(expect.objectContaining({ level: 'warn', msg: expect.stringContaining('human check provider could not be reached') }));
    expect(ofForgot).toContainEqual(expect.objectContaining({ msg: 'request completed', route: '/api/account/forgotPassword', statusCode: 400 }));
    expect(all).toContainEqual(expect.objectContaining({ requestId: generated.headers.get('x-request-id'), msg: 'request completed' }));
  });

  it('logs no e-mail address, entry value, client address, query string or secret link name', async () => {
    await call(`/api/account/check?email=${encodeURIComponent(email)}`, { requestId: 'log-test-check' });
    const form = new FormData();
    form.set('clientSession', 'logging-test-session');
    form.set('file', new Blob([`name,email\n${entryValue},${email}\nOther,other@example.org\nThird,third@example.org\n`]), 'entries.csv');
    const uploaded = await call('/api/Upload', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const { serverFileName } = (await uploaded.json()) as { serverFileName: string };
    await call('/api/draw/getConfirmDrawDetails', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fileName: serverFileName, clientSession: 'logging-test-session', advancedUpload: false, demoMode: false }),
    });
    await call('/download/numbers/random-numbers-0123456789abcdef0123456789abcdef.csv');
    await call('/api/version/get', { requestId: 'log-test-end' });
    await server.waitFor('"requestId":"log-test-end"');

    const output = server.output();
    for (const secret of [email, encodeURIComponent(email), entryValue, clientAddress, serverFileName, '0123456789abcdef0123456789abcdef']) {
      expect(output).not.toContain(secret);
    }
    expect(lines()).toContainEqual(expect.objectContaining({ requestId: 'log-test-check', route: '/api/account/check' }));
    expect(lines()).toContainEqual(expect.objectContaining({ msg: 'request completed', route: '/download/:kind/:id', statusCode: 404 }));
  });
});
