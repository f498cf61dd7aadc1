import { createHook } from 'node:async_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { registeredUser } from '../../support/accounts.js';
import { plainBranding, simpleDraw } from '../../support/draws.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

const PLAIN_ROOT = '<div id="root"></div>';

/** The API cache a rendered page embeds for the browser's store (client/src/app/api-cache.ts). */
function embeddedCache(html: string): { api: { queries: Record<string, { status: string; data: unknown }> } } {
  const json = /<script type="application\/json" id="fairdraw-api-cache">([^<]*)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!);
}

describe('the public certificate page rendered on the server', () => {
  let t: TestApp;
  let owner: { agent: TestAgent; email: string };
  let drawn: { shortCode: string; certificate: { prizes: { winners: number[]; reserveWinners: number[] }[] } };

  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registeredUser(t.app);
    const id = (
      await owner.agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Spring </script><script>alert(1)</script> giveaway & more' }))
        .expect(200)
    ).body as string;
    const { shortCode } = (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    drawn = { shortCode, certificate: (await get(`/api/certificate/${shortCode}`).expect(200)).body };
  });

  afterAll(async () => {
    await t.close();
  });

  it('holds the winners, the certificate as the API answers it, and its own title and description', async () => {
    const page = await get(`/cert/${drawn.shortCode}/`).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Anyone's, kept by shared caches (issue 26; public-answers.e2e-spec.ts): the page sent without cookies.
    expect(page.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(page.headers.vary).toBe('Accept-Encoding');
    expect(page.text).toContain('<div id="root" data-prerendered>');
    const [first, second] = drawn.certificate.prizes;
    expect(page.text).toContain(`Winners: ${first.winners.join(', ')}; reserves: ${first.reserveWinners.join(', ')}`);
    expect(page.text).toContain(`Winners: ${second.winners.join(', ')}`);
    expect(page.text).toContain('<title>Certificate of Spring &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; giveaway &amp; more | FairDraw™</title>');
    expect(page.text).toMatch(/<meta name="description" content="The certificate of Spring &lt;\/script&gt;.* by Acme Pty Ltd, drawn at random by FairDraw/);
    // Nothing in the data ends its script element; the store gets exactly the API's answer, fulfilled.
    expect(page.text.match(/<\/script>/g)).toHaveLength(2);
    const entry = embeddedCache(page.text).api.queries[`getCertificate({"shortCode":"${drawn.shortCode}"})`];
    expect(entry).toMatchObject({ status: 'fulfilled', data: drawn.certificate });
    expect(Object.keys(embeddedCache(page.text).api.queries)).toHaveLength(1);
    // The data is in the page: no fetch of it to preload, and no script before the first paint.
    expect(page.text).not.toContain('rel="preload"');
    expect(page.text).not.toMatch(/<script type="module"|rel="modulepreload"/);
  });

  it('keeps template markers in a draw’s text as text: no part of the page is filled into them', async () => {
    const name = 'M %FAIRDRAW_ROOT% %FAIRDRAW_DATA%';
    const organisation = 'O %FAIRDRAW_DESCRIPTION% %FAIRDRAW_TITLE%';
    const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw({ name, organisation })).expect(200)).body as string;
    const { shortCode } = (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    const certificate = (await get(`/api/certificate/${shortCode}`).expect(200)).body;
    const page = (await get(`/cert/${shortCode}/`).expect(200)).text;
    expect(page).toContain(`<title>Certificate of ${name} | FairDraw™</title>`);
    expect(page).toContain(`<meta name="description" content="The certificate of ${name} by ${organisation}, drawn at random by FairDraw: its prizes, hashes and seed, which anyone can verify." />`);
    // The page, its data and its start script once each, where the template has them.
    expect(page.match(/<div id="root"/g)).toHaveLength(1);
    expect(page.match(/id="fairdraw-api-cache"/g)).toHaveLength(1);
    expect(page.match(/<\/head>/g)).toHaveLength(1);
    expect(page.indexOf('<div id="root"')).toBeGreaterThan(page.indexOf('</head>'));
    expect(embeddedCache(page).api.queries[`getCertificate({"shortCode":"${shortCode}"})`].data).toEqual(certificate);
  });

  it('without winners at x, and compressed as the request accepts', async () => {
    const page = await get(`/cert/${drawn.shortCode}x/`).set('Accept-Encoding', 'br, gzip').expect(200);
    expect(page.headers['content-encoding']).toBe('br');
    // The bytes on the wire are Brotli (supertest hands back the decoded text).
    expect(Number(page.headers['content-length'])).toBeLessThan(page.text.length / 4);
    const html = page.text;
    expect(html).toContain('Prizes</h2>');
    expect(html).toContain('Server seed commitment');
    expect(html).not.toContain('Winners: ');
    // Again from the kept page and its kept Brotli bytes.
    const again = await get(`/cert/${drawn.shortCode}x/`).set('Accept-Encoding', 'br').expect(200);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.text).toBe(html);
  });

  it('is rendered again once its certificate changes (a new branding)', async () => {
    const before = await get(`/cert/${drawn.shortCode}/`).expect(200);
    expect((await get(`/cert/${drawn.shortCode}/`).expect(200)).text).toBe(before.text);
    const { drawId } = (await get(`/api/certificate/${drawn.shortCode}`).expect(200)).body;
    const branding = plainBranding({ pageColour: '#FFFFF0', logoColour: '#123456', logoOption: 'text', logoText: 'Acme rewards' });
    await owner.agent.post('/api/draw/branding').send({ drawId, branding }).expect(200);
    const after = await get(`/cert/${drawn.shortCode}/`).expect(200);
    expect(before.text).not.toContain('Acme rewards');
    expect(after.text).toContain('Acme rewards');
    expect(embeddedCache(after.text).api.queries[`getCertificate({"shortCode":"${drawn.shortCode}"})`].data).toEqual((await get(`/api/certificate/${drawn.shortCode}`)).body);
  });

  it('is the plain page where the browser would render otherwise: country prefix or host, query string, render cookies', async () => {
    const preload = `<link rel="preload" href="/api/certificate/${drawn.shortCode}" as="fetch" crossorigin>`;
    for (const response of [
      await get(`/au/cert/${drawn.shortCode}/`),
      await get(`/cert/${drawn.shortCode}/`).set('Host', 'au.localhost'),
      await get(`/cert/${drawn.shortCode}/?prev=true`),
      await get(`/cert/${drawn.shortCode}/`).set('Cookie', 'currency=GBP'),
      await get(`/cert/${drawn.shortCode}/`).set('Cookie', 'screenshare=%7B%7D'),
    ]) {
      expect(response.status).toBe(200);
      expect(response.text).toContain(PLAIN_ROOT);
      expect(response.text).toContain(preload);
      expect(response.text).not.toContain('fairdraw-api-cache');
    }
  });

  it('is the plain page for a code that is no public certificate (the client shows its not-found page)', async () => {
    const { id } = (
      await owner.agent
        .post('/api/draw/saveIncompleteDraw/')
        .send({ name: 'Draft only', organisation: 'Acme', wizardState: { step: 'prizes' } })
        .expect(200)
    ).body;
    const [{ short_code: draftCode }] = await t.query<{ short_code: string }>('SELECT short_code FROM draw WHERE id = $1', [id]);
    await get(`/api/certificate/${draftCode}`).expect(404);
    for (const code of ['ZZZZZ', draftCode]) {
      const response = await get(`/cert/${code}/`).expect(200);
      expect(response.text).toContain(PLAIN_ROOT);
      expect(response.text).toContain(`<link rel="preload" href="/api/certificate/${code}" as="fetch" crossorigin>`);
    }
  });

  it('leaves nothing running in the process once a page is rendered (its store is released)', async () => {
    // The renderer the server imports (client/vite.config.ts builds it for Node).
    const renderer = (await import(pathToFileURL(resolve('client/dist/.vite/ssr/prerender.js')).href)) as {
      renderCertificatePage(template: string, path: string, certificate: unknown): Promise<string>;
      renderHomePage(template: string, path: string, hostname: string, configuration: unknown): Promise<string>;
    };
    const configuration = (await get('/api/site/configuration').expect(200)).body;
    // The timers the renders start, until each has run or been cleared.
    const started = new Set<number>();
    let recording = true;
    const hook = createHook({
      init: (id, type) => void (recording && type === 'Timeout' && started.add(id)),
      destroy: (id) => void started.delete(id),
    }).enable();
    try {
      const page = await renderer.renderCertificatePage('%FAIRDRAW_ROOT%%FAIRDRAW_DATA%', `/cert/${drawn.shortCode}/`, drawn.certificate);
      const home = await renderer.renderHomePage('%FAIRDRAW_ROOT%%FAIRDRAW_DATA%', '/', 'localhost', configuration);
      recording = false;
      expect(embeddedCache(page).api.queries).toEqual({ [`getCertificate({"shortCode":"${drawn.shortCode}"})`]: expect.objectContaining({ status: 'fulfilled' }) });
      expect(home).toContain('Random prize draws you can prove were fair');
      // The store's batching ends within milliseconds; its entries' removal timers (30 s to an hour) must be gone with it.
      await waitUntil(
        async () => started.size,
        (size) => size === 0,
        "the rendered pages' timers to end",
        { timeoutMs: 5_000, intervalMs: 20 },
      );
    } finally {
      hook.disable();
    }
  });
});
