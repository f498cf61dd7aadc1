import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type TestAgent from 'supertest/lib/agent.js';
import { findFreePort } from '../../src/platform/database/embedded-postgres.js';
import { PASSWORD, registeredUser, sessionCookie } from '../support/accounts.js';
import { plainBranding, simpleDraw } from '../support/draws.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

const NGINX = '/usr/sbin/nginx';
/** Short, so that the test sees a change arrive through the proxy within it. */
const MAX_AGE_SECONDS = 2;
const BRANDING = plainBranding({ pageColour: '#FFFFF0', logoColour: '#123456', logoOption: 'text', logoText: 'Proxy rewards' });

/**
 * Issue 26: the app behind Debian's nginx with proxy_cache, configured with the settings docs/operations.md gives
 * (docs/nginx/*.conf, included as they are).
 */
describe('behind nginx with proxy_cache', () => {
  let t: TestApp;
  let dir: string;
  let nginx: ChildProcess;
  let exited: Promise<unknown>;
  let proxy: string;
  let owner: { agent: TestAgent; email: string };
  let ownerCookie: string;
  let drawn: { id: string; shortCode: string };

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run installs it).`);
    t = await createTestApp({ env: { PUBLIC_CACHE_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS), TRUST_PROXY: 'loopback' } });
    await t.app.listen(0, '127.0.0.1');
    const appPort = (t.app.getHttpServer().address() as AddressInfo).port;
    dir = await mkdtemp(join(tmpdir(), 'fairdraw-nginx-'));
    const port = await findFreePort();
    proxy = `http://127.0.0.1:${port}`;
    await writeFile(
      join(dir, 'nginx.conf'),
      `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=fairdraw:1m max_size=20m inactive=10m use_temp_path=off;
  include ${resolve('docs/nginx/fairdraw-http.conf')};
  upstream fairdraw { server 127.0.0.1:${appPort}; keepalive 4; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://fairdraw;
      include ${resolve('docs/nginx/fairdraw-location.conf')};
    }
  }
}
`,
    );
    nginx = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    exited = new Promise((done) => nginx.once('exit', done));
    await waitUntil(
      () =>
        fetch(`${proxy}/api/version/get`).then(
          (response) => response.status,
          () => (nginx.exitCode === null ? 0 : -1),
        ),
      (status) => status === 200 || status === -1,
      'nginx to answer',
    ).then((status) => {
      if (status === -1) throw new Error(`nginx exited: ${errors}`);
    });

    owner = await registeredUser(t.app);
    const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    drawn = { id, shortCode: (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode };
    // The owner's browser through the proxy: a session of its own.
    const login = await fetch(`${proxy}/api/account/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: PASSWORD }) });
    expect(login.status).toBe(200);
    ownerCookie = sessionCookie({ headers: { 'set-cookie': login.headers.getSetCookie() } })!.split(';')[0];
    expect(ownerCookie).toMatch(/^fairdraw\.sid=/);
  }, 60_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const view = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${proxy}${path}`, { headers });
    return { status: response.status, cache: response.headers.get('x-cache-status'), control: response.headers.get('cache-control'), text: await response.text() };
  };

  it('serves repeated views of a certificate, its data and its PDF from the proxy', async () => {
    for (const path of [`/cert/${drawn.shortCode}/`, `/api/certificate/${drawn.shortCode}`, `/download/certificate/${drawn.id}`]) {
      const first = await view(path);
      expect([path, first.status, first.control]).toEqual([path, 200, `public, max-age=${MAX_AGE_SECONDS}, stale-while-revalidate=300`]);
      // The next views within max-age do not reach the app (on a machine so busy that views come more than max-age
      // apart, a view refreshes the copy and the next one is served from it).
      const again = await waitUntil(
        () => view(path),
        (page) => page.cache === 'HIT',
        `${path} from the proxy`,
        { timeoutMs: 20_000, intervalMs: 0 },
      );
      expect(again.text).toBe(first.text);
    }
  });

  it('serves the clicks of a shared link, each with its own fbclid, from the bare address’s copy', async () => {
    // A variant no other test views: its first view below fills the proxy's copy.
    const path = `/cert/${drawn.shortCode}w/`;
    const first = await view(path);
    expect(first.cache).toBe('MISS');
    const clicked = await waitUntil(
      () => view(`${path}?fbclid=IwAR${Date.now()}&utm_source=facebook`),
      (page) => page.cache === 'HIT',
      'a click from a feed served from the proxy',
      { timeoutMs: 20_000, intervalMs: 0 },
    );
    expect(clicked.text).toBe(first.text);
    // Any other query string is its own address.
    expect((await view(`${path}?prev=true`)).cache).not.toBe('HIT');
  });

  it('sends each client an encoding it takes: a q=0 in Accept-Encoding refuses one', async () => {
    const path = `/api/certificate/${drawn.shortCode}`;
    const encodingFor = async (acceptEncoding: string) => {
      // Twice: the second may come from the proxy's copy.
      await fetch(`${proxy}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }).then((response) => response.arrayBuffer());
      const response = await fetch(`${proxy}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } });
      await response.arrayBuffer();
      return response.headers.get('content-encoding');
    };
    expect(await encodingFor('gzip, deflate, br')).toBe('br');
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('gzip;q=0, br;q=0')).toBeNull();
    expect(await encodingFor('gzip;q=0.5, br;q=0.8')).toBe('br');
  });

  it('keeps for everyone the page the app renders for the proxy’s host, not one chosen by a request’s own X-Forwarded-Host', async () => {
    // A variant no other test views, so that the request below is the one whose answer the proxy keeps.
    const path = `/cert/${drawn.shortCode}x/`;
    const first = await view(path, { 'X-Forwarded-Host': 'elsewhere.example' });
    expect(first.cache).toBe('MISS');
    const next = await view(path);
    // The certificate rendered into the page (the draw's name), as the app renders it for this host.
    expect(first.text).toContain('Spring giveaway');
    expect(next.text).toBe(first.text);
  });

  it('shows a branding change within the stated max-age', async () => {
    const path = `/cert/${drawn.shortCode}/`;
    expect((await view(path)).text).not.toContain('Proxy rewards');
    await owner.agent.post('/api/draw/branding').send({ drawId: drawn.id, branding: BRANDING }).expect(200);
    // The copy the proxy holds was stored before the change. nginx keeps its validity in whole seconds, so it is
    // fresh for less than max-age + 1 s after it was stored; any view asked for after that reaches the app.
    const expiredBy = Date.now() + (MAX_AGE_SECONDS + 1) * 1000;
    const views: { askedAt: number; branded: boolean; cache: string | null }[] = [];
    await waitUntil(
      async () => {
        const askedAt = Date.now();
        const page = await view(path);
        expect(page.status).toBe(200);
        views.push({ askedAt, branded: page.text.includes('Proxy rewards'), cache: page.cache });
        return askedAt;
      },
      (askedAt) => askedAt >= expiredBy,
      'a view asked for after the old copy expired',
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    // Load can only delay a view's arrival at the proxy, which makes the copy older: no view asked for after the
    // bound may show the old branding, whatever the machine's speed.
    expect(views.filter((v) => v.askedAt >= expiredBy && !v.branded)).toEqual([]);
    // Once refreshed, the new page is served from the proxy again.
    await waitUntil(
      () => view(path),
      (page) => page.cache === 'HIT' && page.text.includes('Proxy rewards'),
      'the new page from the proxy',
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  });

  it('never serves the signed-in owner’s page from the cache, nor keeps it for others', async () => {
    const path = `/cert/${drawn.shortCode}/`;
    for (let i = 0; i < 2; i++) {
      const page = await view(path, { Cookie: ownerCookie });
      expect(page.cache).toBe('BYPASS');
      expect(page.control).toBe('private, no-cache');
      expect(page.text).toContain('<meta name="fairdraw-start" content="load">');
    }
    expect((await view(path)).text).not.toContain('<meta name="fairdraw-start" content="load">');
  });
});
