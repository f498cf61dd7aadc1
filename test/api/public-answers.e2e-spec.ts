import request from 'supertest';
import { DRAW_PUBLIC_VERSION_CHANNEL, drawPublicVersionKeys } from '../../src/draws/infrastructure/public-version-cache.js';
import { NotifiedCache } from '../../src/platform/database/notified-cache.js';
import type TestAgent from 'supertest/lib/agent.js';
import { registeredUser } from '../support/accounts.js';
import { plainBranding, simpleDraw } from '../support/draws.js';
import { solidPng } from '../support/images.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

const SHARED = /^public, max-age=60, stale-while-revalidate=300$/;
const BRANDING = plainBranding({ pageColour: '#FFFFF0', logoColour: '#123456', logoOption: 'text', logoText: 'Acme rewards' });

/** Issue 26: a drawn draw's public answers carry a strong ETag, answer If-None-Match with 304, and say who may keep them. */
describe('public answers: ETag, 304, and shared versus private', () => {
  let t: TestApp;
  let owner: { agent: TestAgent; email: string };
  let drawn: { id: string; shortCode: string };

  const anyone = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registeredUser(t.app);
    const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    drawn = { id, shortCode: (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode };
  });

  afterAll(async () => {
    await t.close();
  });

  it('sends each public answer of a drawn draw with a strong ETag, shared caching, and 304 for the copy a cache holds', async () => {
    for (const path of [
      `/api/certificate/${drawn.shortCode}`,
      `/api/certificate/${drawn.shortCode}/branding`,
      `/cert/${drawn.shortCode}/`,
      `/cert/${drawn.shortCode}x/`,
      `/cert/${drawn.shortCode}w/`,
      `/cert/${drawn.shortCode}e/`,
      '/lookup/?id=123456789012',
      `/download/certificate/${drawn.id}`,
    ]) {
      const plain = await anyone().get(path).expect(200);
      expect([path, plain.headers.etag]).toEqual([path, expect.stringMatching(/^"[\w-]{27}(?:-gzip|-br)?"$/)]);
      expect([path, plain.headers['cache-control']]).toEqual([path, expect.stringMatching(SHARED)]);
      expect(plain.headers['set-cookie']).toBeUndefined();
      // Encoded as the request accepts: the same content, but each encoding a representation with a tag of its own.
      if (!path.startsWith('/download/')) {
        expect(plain.headers.vary).toBe('Accept-Encoding');
        const brotli = await anyone().get(path).set('Accept-Encoding', 'gzip, br').expect(200);
        expect(brotli.headers['content-encoding']).toBe('br');
        expect(brotli.headers.etag).not.toBe(plain.headers.etag);
        expect(brotli.text).toBe(plain.text);
      }
      const notModified = await anyone().get(path).set('If-None-Match', `"other", ${plain.headers.etag}`).expect(304);
      expect(notModified.text).toBe('');
      expect(notModified.headers.etag).toBe(plain.headers.etag);
      await anyone().get(path).set('If-None-Match', '"other"').expect(200);
    }
  });

  it('confirms with 304 only the copy in the encoding the request would get', async () => {
    for (const path of [`/api/certificate/${drawn.shortCode}`, `/cert/${drawn.shortCode}/`]) {
      const gzip = await anyone().get(path).set('Accept-Encoding', 'gzip').expect(200);
      const brotli = await anyone().get(path).set('Accept-Encoding', 'br').expect(200);
      expect(new Set([gzip.headers.etag, brotli.headers.etag]).size).toBe(2);
      // A cache holding the Brotli copy asks on behalf of a client that takes no encoding: it must get the plain body,
      // not a 304 that lets it send Brotli to a client that cannot read it.
      const plain = await anyone().get(path).set('Accept-Encoding', 'identity').set('If-None-Match', brotli.headers.etag).expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.etag).not.toBe(brotli.headers.etag);
      await anyone().get(path).set('Accept-Encoding', 'gzip').set('If-None-Match', brotli.headers.etag).expect(200);
      // Its own copies, named among others, are confirmed in their encoding.
      const notModified = await anyone().get(path).set('Accept-Encoding', 'br').set('If-None-Match', `${plain.headers.etag}, ${brotli.headers.etag}`).expect(304);
      expect(notModified.headers.etag).toBe(brotli.headers.etag);
      await anyone().get(path).set('Accept-Encoding', 'identity').set('If-None-Match', plain.headers.etag).expect(304);
    }
  });

  it('answers a page no route has with its 404 whatever the request holds (If-None-Match applies to 2xx answers only)', async () => {
    const missing = await anyone().get('/no-such-page/').expect(404);
    expect(missing.headers.etag).toBeDefined();
    await anyone().get('/no-such-page/').set('If-None-Match', missing.headers.etag).expect(404);
    await anyone().get('/no-such-page/').set('If-None-Match', '*').expect(404);
  });

  it('sends a shared link clicked from a feed (fbclid, gclid, utm_*) the bare address’s rendered page, and a preview still as private', async () => {
    const path = `/cert/${drawn.shortCode}/`;
    const bare = await anyone().get(path).expect(200);
    // Rendered with the draw's data (the plain page has none).
    expect(bare.text).toContain('Spring giveaway');
    for (const query of ['fbclid=IwAR0abc', 'utm_source=facebook&utm_medium=social&gclid=Cj0K', 'utm_campaign=winners&']) {
      const clicked = await anyone().get(`${path}?${query}`).expect(200);
      expect([query, clicked.headers.etag, clicked.headers['cache-control']]).toEqual([query, bare.headers.etag, bare.headers['cache-control']]);
      expect(clicked.text).toBe(bare.text);
    }
    const preview = await anyone().get(`${path}?fbclid=IwAR0abc&prev=true`).expect(200);
    expect(preview.headers['cache-control']).toBe('private, no-cache');
  });

  it('says private where the answer depends on the visitor: the signed-in owner’s page, previews, render cookies', async () => {
    const path = `/cert/${drawn.shortCode}/`;
    const ownersPage = await owner.agent.get(path).expect(200);
    expect(ownersPage.headers['cache-control']).toBe('private, no-cache');
    expect(ownersPage.text).toContain('<meta name="fairdraw-start" content="load">');
    for (const response of [await anyone().get(`${path}?prev=true`), await anyone().get(path).set('Cookie', 'screenshare=%7B%7D'), await anyone().get(path).set('Cookie', 'currency=GBP')]) {
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
    // The data is the same for everyone, the owner included.
    expect((await owner.agent.get(`/api/certificate/${drawn.shortCode}`).expect(200)).headers['cache-control']).toMatch(SHARED);
  });

  it('says private for the API’s answers read with a session or an API key: the owner’s view of the draw', async () => {
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [owner.email]);
    const key = (await owner.agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key as string;
    const answers = {
      'session: draw': await owner.agent.get('/api/draw/get/').query({ id: drawn.id }).expect(200),
      'API key: draw': await anyone().get('/api/draw/get/').query({ id: drawn.id }).set('Authorization', `Bearer ${key}`).expect(200),
      'session: account': await owner.agent.get('/api/account/get/').expect(200),
      // The router decodes the address: this is the same route, and the same owner's answer.
      'session: account, its address percent-encoded': await owner.agent.get('/%61pi/account/get/').expect(200),
      'session: draw, its address percent-encoded': await owner.agent.get('/%61pi/draw/get/').query({ id: drawn.id }).expect(200),
    };
    for (const [read, response] of Object.entries(answers)) expect([read, response.headers['cache-control']]).toEqual([read, 'private, no-store']);
  });

  it('changes the version with what is shown, even when another process (here: SQL) makes the change', async () => {
    const tagsOf = async () =>
      Promise.all(
        [`/api/certificate/${drawn.shortCode}`, `/cert/${drawn.shortCode}/`, `/download/certificate/${drawn.id}`].map(async (path) => (await anyone().get(path).expect(200)).headers.etag as string),
      );
    const before = await tagsOf();
    expect(await tagsOf()).toEqual(before);
    await owner.agent.post('/api/draw/branding').send({ drawId: drawn.id, branding: BRANDING }).expect(200);
    const branded = await tagsOf();
    branded.forEach((tag, index) => expect(tag).not.toBe(before[index]));
    expect((await anyone().get(`/cert/${drawn.shortCode}/`).expect(200)).text).toContain('Acme rewards');
    // No request of this process made the change: its caches see it through the draw's public version, which this
    // process keeps until PostgreSQL's notification of the change arrives (milliseconds; at most PUBLIC_VERSION_TTL_MS).
    await t.query(`INSERT INTO draw_scrutineer (draw_id, first_name, last_name, email_address, qualification) VALUES ($1, 'Jo', 'Bloggs', 'jo@example.com', 'JP')`, [drawn.id]);
    await waitUntil(tagsOf, (tags) => tags.every((tag, index) => tag !== branded[index]), 'the scrutineer in every public answer');
    expect((await anyone().get(`/api/certificate/${drawn.shortCode}`).expect(200)).body.scrutineer).toEqual({ name: 'Jo Bloggs', qualification: 'JP', namedAfterDraw: true });
    expect((await anyone().get(`/cert/${drawn.shortCode}/`).expect(200)).text).toContain('Jo Bloggs, JP');
  });

  it('changes the certificate PDF, and the logo within max-age, when the logo is replaced by another image of the same file name', async () => {
    const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    const { shortCode } = (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    const brandWith = async (colour: [number, number, number]) => {
      const upload = (
        await owner.agent
          .post('/api/upload/branding')
          .attach('file', solidPng(120, 40, colour), { filename: 'logo.png', contentType: 'application/octet-stream' })
          .expect(201)
      ).body;
      const branding = { ...plainBranding(), logoOption: 'image', images: { Top: { fileName: upload.headerFileName, serverFileName: upload.serverFileName } } };
      await owner.agent.post('/api/draw/branding').send({ drawId: id, branding }).expect(200);
      const pdf = await anyone().get(`/download/certificate/${id}`).expect(200);
      const logoUrl = (await anyone().get(`/api/certificate/${shortCode}/branding`).expect(200)).body.imageUrls.Top as string;
      const logo = await anyone().get(logoUrl).expect(200);
      return { pdf: pdf.headers.etag as string, logoUrl, logo: { etag: logo.headers.etag as string, control: logo.headers['cache-control'] } };
    };
    const red = await brandWith([200, 30, 30]);
    const blue = await brandWith([30, 30, 200]);
    // The PDF shows the new logo, and a cache holding the old one is not told it is current.
    expect(blue.pdf).not.toBe(red.pdf);
    // The logo's address names it by its file name, the same for both: it is kept no longer than the rest of the
    // branding, and a cache asking with the old logo's tag gets the new one.
    expect(blue.logoUrl).toBe(red.logoUrl);
    expect(red.logo.control).toMatch(SHARED);
    expect(blue.logo.etag).not.toBe(red.logo.etag);
    const renewed = await anyone().get(blue.logoUrl).set('If-None-Match', red.logo.etag).expect(200);
    expect(renewed.body).toEqual(solidPng(120, 40, [30, 30, 200]));
    await anyone().get(blue.logoUrl).set('If-None-Match', blue.logo.etag).expect(304);
  });

  it('lets a draw still to be drawn be kept only until its time, and never stale (once due, drawCachePolicy revalidates every use)', async () => {
    const scheduleDate = new Date(Date.now() + 10 * 60_000);
    const id = (
      await owner.agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ scheduleOption: 1, scheduleDate: scheduleDate.toISOString() }))
        .expect(200)
    ).body as string;
    const { shortCode } = (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    const response = await anyone().get(`/api/certificate/${shortCode}`).expect(200);
    expect(response.body.state).toBe('scheduled');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    // Seconds before its time: only those seconds.
    await t.query(`UPDATE draw SET schedule_date = now() + interval '7 seconds' WHERE id = $1`, [id]);
    const soon = await waitUntil(
      () => anyone().get(`/api/certificate/${shortCode}`).expect(200),
      (answer) => answer.headers['cache-control'] !== 'public, max-age=60',
      'the new time in the certificate’s policy',
    );
    expect(soon.headers['cache-control']).toMatch(/^public, max-age=[4-7]$/);
  });

  /** Far beyond any wait of this test: only a notification (or not listening) can make the cache read again. */
  const NEVER_EXPIRES_MS = 60 * 60_000;

  /**
   * Issue 26: each process keeps the draws' public versions while PostgreSQL's notifications (migration
   * NotifyDrawPublicVersion) say they hold. Here a cache that never expires on its own: every change it sees came by
   * a notification, sent by the triggers whatever made the change.
   */
  describe('public versions kept until PostgreSQL announces a change', () => {
    let draw: { id: string; shortCode: string };
    let cache: NotifiedCache<{ version: string }>;
    let reads = 0;

    const read = (id: string) => async () => {
      reads++;
      const [row] = await t.query<{ public_version: string }>('SELECT public_version FROM draw WHERE id = $1', [id]);
      return row ? { version: row.public_version } : null;
    };
    const byId = () => cache.get(`id:${draw.id}`, read(draw.id));
    const byCode = () => cache.get(`code:${draw.shortCode}`, read(draw.id));

    beforeAll(async () => {
      const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
      draw = { id, shortCode: (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode };
      cache = new NotifiedCache({ databaseUrl: t.databaseUrl, channel: DRAW_PUBLIC_VERSION_CHANNEL, keysOf: drawPublicVersionKeys, ttlMs: NEVER_EXPIRES_MS, limit: 10 });
      cache.start();
      await waitUntil(async () => cache.isListening, Boolean, 'the cache listening');
    });

    afterAll(async () => {
      await cache.stop();
    });

    it('keeps a version until a change of anything shown is committed, by id and by short code', async () => {
      const first = await byId();
      expect(await byCode()).toEqual(first);
      const readsBefore = reads;
      expect(await byId()).toEqual(first);
      expect(await byCode()).toEqual(first);
      expect(reads).toBe(readsBefore);

      // A write to a table shown with the draw, from another connection than any of this process's.
      await t.query(`INSERT INTO draw_scrutineer (draw_id, first_name, last_name, email_address, qualification) VALUES ($1, 'Jo', 'Bloggs', 'jo@example.com', 'JP')`, [draw.id]);
      const [{ public_version: now }] = await t.query<{ public_version: string }>('SELECT public_version FROM draw WHERE id = $1', [draw.id]);
      expect(now).not.toBe(first!.version);
      await waitUntil(byId, (kept) => kept?.version === now, 'the new version by id');
      await waitUntil(byCode, (kept) => kept?.version === now, 'the new version by short code');

      // A change of the draw's own row.
      await t.query(`UPDATE draw SET name = name || ' (renamed)' WHERE id = $1`, [draw.id]);
      await waitUntil(byId, (kept) => kept?.version !== now, 'the version after a rename');
    });

    it('reads through while its connection is lost, and keeps versions again once it listens again', async () => {
      await byId();
      // This cache's own connection, by its backend pid (the app's listener is another connection).
      const pid = cache.listenerPid;
      expect(pid).toBeDefined();
      const [{ ended }] = await t.query<{ ended: boolean }>('SELECT pg_terminate_backend($1) AS ended', [pid]);
      expect(ended).toBe(true);
      // The change is made while the connection is down or being made again (it reconnects within 100 ms, too fast
      // to watch it down): its notification is lost either way.
      await t.query(`UPDATE draw SET name = name || '!' WHERE id = $1`, [draw.id]);
      const [{ public_version: changed }] = await t.query<{ public_version: string }>('SELECT public_version FROM draw WHERE id = $1', [draw.id]);
      // While not listening, nothing is kept: every read goes to the database.
      if (!cache.isListening) expect((await byId())?.version).toBe(changed);

      await waitUntil(
        async () => cache.listenerPid,
        (now) => now !== undefined && now !== pid,
        'the cache listening again on a new connection',
      );
      // It starts empty: what changed while no one listened is read again, not served from before.
      expect((await byId())?.version).toBe(changed);
      const readsBefore = reads;
      await byId();
      expect(reads).toBe(readsBefore);
      await t.query(`UPDATE draw SET name = name || '?' WHERE id = $1`, [draw.id]);
      await waitUntil(byId, (kept) => kept?.version !== changed, 'a change seen after reconnecting');
    });
  });
});
