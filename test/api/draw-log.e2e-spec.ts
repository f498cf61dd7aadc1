import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type TestAgent from 'supertest/lib/agent.js';
import {
  checkDrawHistory,
  decodeEntry,
  type DrawLogEntry,
  encodeEntry,
  entryBytes,
  fromHex,
  leafHash,
  MemoryTree,
  resultsSha256,
  toHex,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHead,
} from '#transparency-log';
import { verifyDraw } from '../../src/certificates/domain/verify-draw.js';
import { browser, registeredUser } from '../support/accounts.js';
import { newClientSession, uploaded } from '../support/entries-files.js';
import { drawnNumbers, type DrawView, simpleDraw } from '../support/draws.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const MONITOR = resolve('dist/scripts/log-monitor.js');

interface Head {
  treeSize: number;
  rootHash: string;
  timestamp: string;
  signature: string;
}

describe('the public draw log (API)', () => {
  let t: TestApp;
  let agent: TestAgent;

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = await registeredUser(t.app));
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
  });

  afterAll(async () => {
    await t.close();
  });

  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const submit = async (overrides: Record<string, unknown> = {}) =>
    (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 2, ...overrides }))
        .expect(200)
    ).body as string;
  const entriesOf = async (drawId: string): Promise<{ index: number; entry: DrawLogEntry; text: string }[]> => {
    const { entries } = (await browser(t.app).get('/api/log/entries').query({ start: 0, end: 1000 }).expect(200)).body as { entries: { index: number; entry: string }[] };
    return entries.map((e) => ({ index: e.index, entry: decodeEntry(e.entry)!, text: e.entry })).filter((e) => e.entry.drawId === drawId);
  };

  it('records a draw’s whole life in order, with digests and ids only, each entry proven in a signed head', async () => {
    const id = await submit({ name: 'Secret Name Giveaway', scheduleOption: 1, scheduleDate: inAnHour() });
    const before = (await browser(t.app).get('/api/log/head').expect(200)).body as Head;
    await agent.post('/api/draw/reschedule/').send({ id, scheduleDate: inAnHour(), scheduleTimezone: 'Europe/London' }).expect(200);
    await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(200);
    await agent
      .post('/api/draw/publish/')
      .send({ id, published: true, columns: [0], names: ['Entry'], prizes: [0, 1], truncated: false, upperCase: false, entries: false })
      .expect(200);
    await agent.post('/api/draw/unpublish/').send({ id }).expect(200);

    const logged = await entriesOf(id);
    expect(logged.map((e) => e.entry.kind)).toEqual(['committed', 'rescheduled', 'rescheduled', 'drawn', 'published', 'unpublished']);
    const draw = (await agent.get('/api/draw/get/').query({ id })).body as DrawView & { seedHash: string; shortCode: string; beacon: { round: number } };
    expect(logged[0].entry).toMatchObject({ kind: 'committed', drawId: id, seedHash: draw.seedHash, entriesFileSha256: null });
    const results = drawnNumbers(draw).map(({ winners, reserves }) => ({ winners, reserves }));
    expect(logged[3].entry).toMatchObject({ kind: 'drawn', resultsSha256: resultsSha256(results), beaconRound: draw.beacon.round });
    for (const { text } of logged) expect(text).not.toMatch(/Secret|Acme|Bike/);

    // The certificate names the draw's positions, each with its proof against a signed head.
    const certificate = (await browser(t.app).get(`/api/certificate/${draw.shortCode}`).expect(200)).body;
    const { head, publicKey, entries } = certificate.log as { head: Head; publicKey: string; entries: { index: number; entry: string; auditPath: string[] }[] };
    expect(entries.map((e) => e.index)).toEqual(logged.map((e) => e.index));
    expect(verifyTreeHead(head, head.signature, publicKey)).toBe(true);
    expect((await browser(t.app).get('/api/log/key').expect(200)).body.publicKey).toBe(publicKey);
    for (const e of entries) expect(verifyInclusion(leafHash(entryBytes(e.entry)), e.index, head.treeSize, e.auditPath.map(fromHex), fromHex(head.rootHash))).toBe(true);
    expect(
      checkDrawHistory(
        { drawId: id, seedHash: draw.seedHash, beaconRound: draw.beacon.round, resultsSha256: resultsSha256(results) },
        entries.map((e) => decodeEntry(e.entry)!),
      ),
    ).toEqual([]);

    // The verification of `npm run verify` (and docs/verification.md) checks the log too, and catches a changed entry.
    const verified = await verifyDraw(certificate, {}, null);
    expect(verified.checks.filter((c) => c.name.startsWith('Log')).map((c) => [c.name, c.ok])).toEqual([
      ['Log tree head signature', true],
      ['Log inclusion proofs', true],
      ['Log commitment terms', true],
      ['Log history', true],
    ]);
    expect(verified.match).toBe(true);
    const changed = structuredClone(certificate);
    changed.log.entries[3].entry = changed.log.entries[3].entry.replace(/"resultsSha256":"([0-9a-f])/, (_: string, c: string) => `"resultsSha256":"${c === '0' ? '1' : '0'}`);
    const refused = await verifyDraw(changed, {}, null);
    expect(refused.match).toBe(false);
    expect(refused.checks.find((c) => c.name === 'Log inclusion proofs')).toMatchObject({ ok: false, detail: `Not in the signed head: entries ${entries[3].index}` });

    // The log only grew between the two heads.
    const { proof } = (await browser(t.app).get('/api/log/proof/consistency').query({ first: before.treeSize, second: head.treeSize }).expect(200)).body as { proof: string[] };
    expect(verifyConsistency(before.treeSize, head.treeSize, fromHex(before.rootHash), fromHex(head.rootHash), proof.map(fromHex))).toBe(true);
    const served = (await browser(t.app).get('/api/log/proof/inclusion').query({ index: entries[0].index, treeSize: head.treeSize }).expect(200)).body;
    expect(served.auditPath).toEqual(entries[0].auditPath);

    const cancelled = await submit({ scheduleOption: 1, scheduleDate: inAnHour() });
    await agent.post('/api/draw/cancel/').send({ id: cancelled }).expect(200);
    expect((await entriesOf(cancelled)).map((e) => e.entry.kind)).toEqual(['committed', 'cancelled']);
  });

  it('refuses a certificate whose entries file is not the one its commitment named', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `person${i + 1}@mail.example,Name ${i + 1}`);
    const original = ['email,name', ...rows].join('\n') + '\n';
    // The same rows in another order: the same picks land on other people.
    const reordered = ['email,name', ...[...rows].reverse()].join('\n') + '\n';
    const clientSession = newClientSession();
    const committed = await uploaded(t, 'entries.csv', original, clientSession);
    const other = await uploaded(t, 'entries.csv', reordered, clientSession);
    const id = await submit({ entryMethod: 'upload', entriesCount: undefined, fileName: committed.fileName, headerRowsIncluded: true, clientSession, scheduleOption: 1, scheduleDate: inAnHour() });
    // Someone with write access to the database points the committed draw at the other file before it runs.
    await t.query('UPDATE draw SET file_name = $2 WHERE id = $1', [id, other.fileName]);
    await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true, clientSession }).expect(200);
    const draw = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body as { state: string; shortCode: string };
    expect(draw.state).toBe('drawn');
    const certificate = (await browser(t.app).get(`/api/certificate/${draw.shortCode}`).expect(200)).body;
    const fileOf = (text: string) => ({
      source: async function* () {
        yield Buffer.from(text);
      },
      extension: 'csv',
    });
    // The certificate and the file it names agree, and the re-run matches: only the log's commitment tells the files apart.
    const verified = await verifyDraw(certificate, {}, fileOf(reordered));
    expect(verified.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual(['Log commitment terms']);
    expect(verified.match).toBe(false);
  });

  it('appends concurrent changes one after another, the stored tree matching the entries', async () => {
    await Promise.all(Array.from({ length: 6 }, () => submit({ scheduleOption: 1, scheduleDate: inAnHour() })));
    const { entries } = (await browser(t.app).get('/api/log/entries').query({ start: 0, end: 1000 }).expect(200)).body as { entries: { index: number; entry: string }[] };
    expect(entries.map((e) => e.index)).toEqual(entries.map((_, i) => i));
    const tree = new MemoryTree();
    for (const e of entries) tree.append(entryBytes(e.entry));
    const [{ size }] = await t.query<{ size: string }>('SELECT size FROM draw_log_tip');
    expect(Number(size)).toBe(entries.length);
    const stored = await t.query<{ hash: Buffer }>('SELECT hash FROM draw_log_node WHERE level = 0 ORDER BY idx');
    expect(stored.map((r) => r.hash.toString('hex'))).toEqual(entries.map((e) => toHex(leafHash(entryBytes(e.entry)))));
    const head = (await browser(t.app).get('/api/log/head').expect(200)).body as Head;
    expect(head.rootHash).toBe(toHex(tree.root(head.treeSize)));
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    for (const sql of [
      `UPDATE draw_log_entry SET entry = '{}' WHERE idx = 0`,
      'DELETE FROM draw_log_entry WHERE idx = 0',
      `UPDATE draw_log_node SET hash = '\\x00' WHERE level = 0 AND idx = 0`,
      'DELETE FROM draw_log_head',
      'TRUNCATE draw_log_entry',
    ]) {
      await expect(t.query(sql)).rejects.toThrow(/append-only/);
    }
  });

  it('answers bad ranges with a 400', async () => {
    const size = Number((await t.query<{ size: string }>('SELECT size FROM draw_log_tip'))[0].size);
    const refused = await browser(t.app)
      .get('/api/log/proof/inclusion')
      .query({ index: 0, treeSize: size + 1 })
      .expect(400);
    expect(refused.body.modelState.treeSize).toBeDefined();
    await browser(t.app).get('/api/log/proof/inclusion').query({ index: 3, treeSize: 2 }).expect(400);
    await browser(t.app).get('/api/log/proof/consistency').query({ first: 3, second: 2 }).expect(400);
    await browser(t.app).get('/api/log/entries').query({ start: 'x', end: 2 }).expect(400);
  });

  it('the monitor accepts a log that grows and exits non-zero on a head signed over a rewritten copy', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fairdraw-monitor-'));
    const state = join(dir, 'state.json');
    const monitor = (url: string) => promisify(execFile)(process.execPath, [MONITOR, '--url', url, '--state', state, '--once']);
    const url = await t.listen();
    await monitor(url);
    await submit({ scheduleOption: 1, scheduleDate: inAnHour() });
    expect((await monitor(url)).stdout).toMatch(/^OK /);

    // A copy of the log's tables with one earlier entry rewritten (its tree recomputed and a head signed with the same key).
    const copy = await createTestApp();
    try {
      const entries = await t.query<{ idx: string; draw_id: string; kind: string; entry: string }>('SELECT idx, draw_id, kind, entry FROM draw_log_entry ORDER BY idx');
      const rewritten = entries.map((e) => e.entry);
      const first = decodeEntry(rewritten[0])!;
      rewritten[0] = encodeEntry({ ...first, at: new Date(Date.parse(first.at) + 1).toISOString() });
      const tree = new MemoryTree();
      const db = new pg.Client({ connectionString: copy.databaseUrl });
      await db.connect();
      try {
        const [key] = await t.query('SELECT private_key, public_key FROM draw_log_key');
        await db.query('INSERT INTO draw_log_key (id, private_key, public_key) VALUES (1, $1, $2)', [key.private_key, key.public_key]);
        for (const [i, e] of entries.entries()) {
          tree.append(entryBytes(rewritten[i]));
          await db.query('INSERT INTO draw_log_entry (idx, draw_id, kind, entry) VALUES ($1, $2, $3, $4)', [e.idx, e.draw_id, e.kind, rewritten[i]]);
        }
        for (let level = 0; 2 ** level <= tree.size; level++) {
          for (let index = 0; (index + 1) * 2 ** level <= tree.size; index++) {
            await db.query('INSERT INTO draw_log_node (level, idx, hash) VALUES ($1, $2, $3)', [level, index, Buffer.from(tree.nodeAt({ level, index }))]);
          }
        }
        const frontier = [];
        for (let start = 0, size = 2 ** 20; size >= 1; size /= 2) {
          if (tree.size - start >= size) {
            frontier.push(Buffer.from(tree.nodeAt({ level: Math.log2(size), index: start / size })));
            start += size;
          }
        }
        await db.query('UPDATE draw_log_tip SET size = $1, frontier = $2', [tree.size, frontier]);
      } finally {
        await db.end();
      }
      const forged = (await browser(copy.app).get('/api/log/head').expect(200)).body as Head;
      expect(forged.rootHash).toBe(toHex(tree.root()));
      const alarm = await monitor(await copy.listen()).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(alarm?.code).toBe(1);
      expect(alarm?.stdout).toMatch(/ALARM .*forked or rewritten/);
    } finally {
      await copy.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
