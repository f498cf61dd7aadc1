import { DRAW_PUBLIC_VERSION_CHANNEL, drawPublicVersionKeys } from '../../src/draws/infrastructure/public-version-cache.js';
import { NotifiedCache } from '../../src/platform/database/notified-cache.js';
import { registeredUser } from '../support/accounts.js';
import { simpleDraw } from '../support/draws.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

/** Far beyond any wait of this test: only a notification (or not listening) can make the cache read again. */
const NEVER_EXPIRES_MS = 60 * 60_000;

/**
 * Issue 26: each process keeps the draws' public versions while PostgreSQL's notifications (migration
 * NotifyDrawPublicVersion) say they hold. Here a cache that never expires on its own: every change it sees came by
 * a notification, sent by the triggers whatever made the change.
 */
describe('public versions kept until PostgreSQL announces a change', () => {
  let t: TestApp;
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
    t = await createTestApp();
    const owner = await registeredUser(t.app);
    const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    draw = { id, shortCode: (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode };
    cache = new NotifiedCache({ databaseUrl: t.databaseUrl, channel: DRAW_PUBLIC_VERSION_CHANNEL, keysOf: drawPublicVersionKeys, ttlMs: NEVER_EXPIRES_MS, limit: 10 });
    cache.start();
    await waitUntil(async () => cache.isListening, Boolean, 'the cache listening');
  });

  afterAll(async () => {
    await cache.stop();
    await t.close();
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
    const ended = await t.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND query = $1 AND pid <> pg_backend_pid()`,
      [`LISTEN "${DRAW_PUBLIC_VERSION_CHANNEL}"`],
    );
    expect(ended.length).toBeGreaterThanOrEqual(1);
    await waitUntil(async () => cache.isListening, (listening) => !listening, 'the cache noticing its connection lost');
    // Whatever changes meanwhile is read at once: nothing is kept without notifications.
    await t.query(`UPDATE draw SET name = name || '!' WHERE id = $1`, [draw.id]);
    const [{ public_version: changed }] = await t.query<{ public_version: string }>('SELECT public_version FROM draw WHERE id = $1', [draw.id]);
    if (!cache.isListening) expect((await byId())?.version).toBe(changed);

    await waitUntil(async () => cache.isListening, Boolean, 'the cache listening again');
    expect((await byId())?.version).toBe(changed);
    const readsBefore = reads;
    await byId();
    expect(reads).toBe(readsBefore);
    await t.query(`UPDATE draw SET name = name || '?' WHERE id = $1`, [draw.id]);
    await waitUntil(byId, (kept) => kept?.version !== changed, 'a change seen after reconnecting');
  });
});
