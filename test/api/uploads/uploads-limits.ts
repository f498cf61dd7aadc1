import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DRAW_REPOSITORY } from '../../../src/draws/draws.tokens.js';
import type { DrawRepository } from '../../../src/draws/application/ports/draw.repository.port.js';
import { UnusedUploadsSweeper } from '../../../src/draws/application/unused-uploads-sweeper.js';
import { OrphanUploadFilesSweeper } from '../../../src/uploads/application/orphan-upload-files-sweeper.js';
import { UploadRetentionService } from '../../../src/uploads/application/upload-retention.service.js';
import { AbandonedWritesSweeper } from '../../../src/platform/storage/abandoned-writes-sweeper.js';
import { browser, freshAddress, registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { newClientSession, storedUploadFiles, upload, uploaded } from '../../support/entries-files.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

const MB = 1024 * 1024;
const TOO_MANY = /^Too many uploads\. Please try again in \d+ seconds\.$/;
const TOO_MUCH = /^You have uploaded as much as is allowed in a day\. Please try again in \d+ seconds\.$/;
const SMALL = 'name,tickets\nAnn,3\n';
/** A file of exactly the upload limit (1 MB here): accepted, and counted as one full upload. */
const FULL = Buffer.alloc(MB, 'Ann,1\n');

describe('POST /api/Upload: rate limits per address and per account, and the sweeps of unused uploads and abandoned writes (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', UPLOAD_LIMIT_MB: '1' } });
  });

  afterAll(async () => {
    await t.close();
  });

  const from = (address: string, content: Buffer | string = SMALL) => upload(t, { name: 'entries.csv', content }).set('X-Forwarded-For', address);
  const asUser = (agent: TestAgent, address: string, content: Buffer | string = SMALL) =>
    agent.post('/api/Upload').set('X-Forwarded-For', address).field('clientSession', newClientSession()).attach('file', Buffer.from(content), { filename: 'entries.csv' });

  it('allows 60 uploads an hour from one address, then answers 429 with the wait, before reading the file', async () => {
    const address = freshAddress();
    for (let i = 0; i < 60; i++) await from(address).expect(201);
    const uploadsBefore = (await t.query('SELECT id FROM upload')).length;
    const refused = await from(address).expect(429);
    expect(refused.body).toEqual({ message: expect.stringMatching(TOO_MANY) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers.connection).toBe('close');
    expect(await t.query('SELECT id FROM upload')).toHaveLength(uploadsBefore);
    // Another address is counted apart.
    await from(freshAddress()).expect(201);
  });

  it('allows 60 uploads an hour to one account, from whatever addresses', async () => {
    const { agent } = await registeredUser(t.app);
    for (let i = 0; i < 60; i++) await asUser(agent, freshAddress()).expect(201);
    const refused = await asUser(agent, freshAddress()).expect(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    // The address itself is not used up: a visitor there still uploads.
    const address = freshAddress();
    await asUser(agent, address).expect(429);
    await from(address).expect(201);
  });

  it('allows ten times the upload limit in a day per address, counted by the size sent', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await from(address, FULL).expect(201);
    const refused = await from(address, SMALL).expect(429);
    expect(refused.body.message).toMatch(TOO_MUCH);
    await from(freshAddress(), FULL).expect(201);
  });

  it('allows ten times the upload limit in a day per account, from whatever addresses', async () => {
    const { agent } = await registeredUser(t.app);
    for (let i = 0; i < 10; i++) await asUser(agent, freshAddress(), FULL).expect(201);
    expect((await asUser(agent, freshAddress(), SMALL).expect(429)).body.message).toMatch(TOO_MUCH);
  });

  it('removes an upload no draw or saved draft uses once it is 7 days old, with every file made from it', async () => {
    const CSV = 'email,name,tickets\nann@example.com,Ann,3\nbob@example.com,Bob,1\ncat@example.com,Cat,2\n';
    const http = () => request(t.app.getHttpServer());
    const unused = await uploaded(t, 'unused.csv', CSV);
    // Confirmation and processing add the rows index and a selection index beside the file.
    await http()
      .post('/api/draw/getConfirmDrawDetails')
      .send({ ...unused, advancedUpload: true })
      .expect(200);
    await http()
      .post('/api/draw/processAdvancedUpload')
      .send({ ...unused, headerRow: true, entryCountColumn: 2 })
      .expect(200);
    const drawn = await uploaded(t, 'drawn.csv', CSV);
    await browser(t.app)
      .post('/api/draw/submitdraw/')
      .send(
        simpleDraw({
          entryMethod: 'upload',
          entriesCount: undefined,
          fileName: drawn.fileName,
          headerRowsIncluded: true,
          clientSession: drawn.clientSession,
          prizes: [{ description: 'Bike', quantity: 1, reserves: 0 }],
        }),
      )
      .expect(200);
    const drafted = await uploaded(t, 'drafted.csv', CSV);
    await browser(t.app)
      .post('/api/draw/saveIncompleteDraw/')
      .send({ clientSession: drafted.clientSession, wizardState: { step: 'entries', upload: { serverFileName: drafted.fileName, headerFileName: 'drafted.csv' } } })
      .expect(200);
    const recent = await uploaded(t, 'recent.csv', CSV);
    const filesOf = async (id: string) => (await storedUploadFiles(t)).filter((file) => file.startsWith(`${id.slice(0, 2)}/${id}.`));
    expect((await filesOf(unused.fileName)).length).toBeGreaterThanOrEqual(3);

    await t.query(`UPDATE upload SET created_at = now() - interval '7 days 1 minute' WHERE id = ANY($1)`, [[unused.fileName, drawn.fileName, drafted.fileName]]);
    expect(await t.app.get(UnusedUploadsSweeper).sweep()).toBe(1);

    expect(await filesOf(unused.fileName)).toEqual([]);
    expect(await t.query('SELECT id FROM upload WHERE id = $1', [unused.fileName])).toEqual([]);
    await http()
      .post('/api/draw/getConfirmDrawDetails')
      .send({ ...unused, advancedUpload: true })
      .expect(404);
    for (const kept of [drawn, drafted, recent]) {
      expect(await filesOf(kept.fileName)).not.toEqual([]);
      await http()
        .post('/api/draw/getConfirmDrawDetails')
        .send({ ...kept, advancedUpload: true })
        .expect(200);
    }
    // Nothing more to remove: a second sweep finds nothing.
    expect(await t.app.get(UnusedUploadsSweeper).sweep()).toBe(0);
  });

  /** A draw of an upload made 7 days and a minute ago, so past its retention unless a draw takes it. */
  async function oldUpload(name: string) {
    const made = await uploaded(t, name, 'name,tickets\nAnn,3\nBob,1\nCat,2\n');
    // Confirmed, as the wizard does before a draw is submitted.
    await request(t.app.getHttpServer()).post('/api/draw/getConfirmDrawDetails').send(made).expect(200);
    await t.query(`UPDATE upload SET created_at = now() - interval '7 days 1 minute' WHERE id = $1`, [made.fileName]);
    const submit = () =>
      browser(t.app)
        .post('/api/draw/submitdraw/')
        .send(
          simpleDraw({
            entryMethod: 'upload',
            entriesCount: undefined,
            fileName: made.fileName,
            headerRowsIncluded: true,
            clientSession: made.clientSession,
            prizes: [{ description: 'Bike', quantity: 1, reserves: 0 }],
          }),
        );
    return { ...made, submit };
  }

  it('keeps an old upload that a draw took after the sweep had found it unused, files and all', async () => {
    const old = await oldUpload('taken-meanwhile.csv');
    const filesBefore = (await storedUploadFiles(t)).filter((file) => file.includes(old.fileName));
    const draws = t.app.get<DrawRepository>(DRAW_REPOSITORY);
    let drawId = '';
    // The sweep asks which uploads are in use (none of this one), then the draw is made before it removes anything.
    const removed = await t.app.get(UploadRetentionService).removeUnused(async (ids) => {
      const used = await draws.uploadsInUse(ids);
      drawId = (await old.submit().expect(200)).body as string;
      return used;
    });
    expect(removed).toBe(0);
    expect(await t.query('SELECT id FROM upload WHERE id = $1', [old.fileName])).toHaveLength(1);
    expect(await storedUploadFiles(t)).toEqual(expect.arrayContaining(filesBefore));
    const drawn = (await browser(t.app).get('/api/draw/get/').query({ id: drawId }).expect(200)).body;
    expect(drawn.state).toBe('drawn');
  });

  it('stores no draw whose upload the sweep removed while the draw was being stored, and says the file is gone', async () => {
    const old = await oldUpload('removed-meanwhile.csv');
    const drawsBefore = (await t.query('SELECT id FROM draw')).length;
    // The sweep holds the upload's row (it is removing it) while the draw, its checks passed, is being stored.
    const sweep = new pg.Client({ connectionString: t.databaseUrl });
    await sweep.connect();
    try {
      await sweep.query('BEGIN');
      await sweep.query('SELECT id FROM upload WHERE id = $1 FOR UPDATE', [old.fileName]);
      const answer = old.submit().then((response) => response);
      const waiting = () => t.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE upload SET claimed_at%'`);
      await waitUntil(waiting, ([row]) => row.n === 1, 'the draw to wait on the upload', { intervalMs: 20 });
      await sweep.query('DELETE FROM upload WHERE id = $1', [old.fileName]);
      await sweep.query('COMMIT');
      const refused = await answer;
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('The entries file was not found. Please upload it again.');
    } finally {
      await sweep.end();
    }
    expect(await t.query('SELECT id FROM draw')).toHaveLength(drawsBefore);
  });

  it("removes an upload's files left without a row (a crash before the row was stored) once past the retention, and no other upload's", async () => {
    const orphan = await uploaded(t, 'crashed-before-row.csv', 'name\nAnn\nBob\n');
    const recentOrphan = await uploaded(t, 'crashed-just-now.csv', 'name\nAnn\n');
    const withRow = await oldUpload('old-with-row.csv');
    // What a process killed between storing the files and inserting the row leaves: the files, and no row.
    await t.query('DELETE FROM upload WHERE id = ANY($1)', [[orphan.fileName, recentOrphan.fileName]]);
    const uploadsDir = join(t.dataDir, 'files', 'uploads');
    const filesOf = (files: string[], id: string) => files.filter((file) => file.includes(id));
    const before = await storedUploadFiles(t);
    expect(filesOf(before, orphan.fileName).length).toBeGreaterThan(0);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    for (const file of [...filesOf(before, orphan.fileName), ...filesOf(before, withRow.fileName)]) await utimes(join(uploadsDir, file), eightDaysAgo, eightDaysAgo);

    expect(await t.app.get(OrphanUploadFilesSweeper).sweep()).toBe(1);
    const after = await storedUploadFiles(t);
    expect(filesOf(after, orphan.fileName)).toEqual([]);
    expect(after).toEqual(expect.arrayContaining([...filesOf(before, recentOrphan.fileName), ...filesOf(before, withRow.fileName)]));
    expect(filesOf(after, withRow.fileName).length).toBeGreaterThan(0);
  });

  it('removes what a crashed write left behind (.partial files) after a day, never a write going on', async () => {
    const folder = join(t.dataDir, 'files', 'uploads', 'ab');
    await mkdir(folder, { recursive: true });
    const abandoned = join(folder, `ab${'0'.repeat(30)}.upload.0123456789ab.partial`);
    const ongoing = join(folder, `ab${'1'.repeat(30)}.upload.0123456789ab.partial`);
    const committed = join(folder, `ab${'2'.repeat(30)}.upload`);
    for (const file of [abandoned, ongoing, committed]) await writeFile(file, 'name\nAnn\n');
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 3600_000 - 60_000);
    await utimes(abandoned, dayAndAMinuteAgo, dayAndAMinuteAgo);
    await utimes(committed, dayAndAMinuteAgo, dayAndAMinuteAgo);

    expect(await t.app.get(AbandonedWritesSweeper).sweep()).toBe(1);
    await expect(stat(abandoned)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(ongoing)).resolves.toBeDefined();
    await expect(stat(committed)).resolves.toBeDefined();
  });
});
