import type TestAgent from 'supertest/lib/agent.js';
import { apartFromVersionRead, recordSentStatements } from '../support/sent-statements.js';
import { RateLimitService } from '../../src/platform/rate-limit/rate-limit.service.js';
import { EndedDrawChecksSweeper } from '../../src/publication/application/ended-draw-checks-sweeper.js';
import { EntryCheckProcessingService } from '../../src/publication/application/entry-check-processing.service.js';
import { ENTRY_CHECK_MESSAGES, ENTRY_CHECK_RATE_LIMIT } from '../../src/publication/domain/entry-check-rules.js';
import { browser, freshAddress } from '../support/accounts.js';
import { simpleDraw } from '../support/draws.js';
import { uploaded } from '../support/entries-files.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

const ROWS = 80;
/**
 * Every cell unique but the member id, which two rows share (one entrant, two rows). Columns: e-mail (blacklisted),
 * name, tickets (the entry count column), member id.
 */
function entriesFile(): string {
  const lines = ['email,name,tickets,member'];
  for (let i = 1; i <= ROWS; i++) lines.push(`person${i}@mail${i}.example,Name${i}Unique,${(i % 3) + 1},Member-${Math.ceil(i / 2)}-Zq`);
  return lines.join('\r\n') + '\r\n';
}
const rowsOf = (file: string) =>
  file
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));

describe('entry check (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t.close();
  });

  async function drawnUpload(schedule: Record<string, unknown> = {}): Promise<{ id: string; owner: TestAgent; clientSession: string; file: string; shortCode: string }> {
    const file = entriesFile();
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', file);
    const owner = browser(t.app);
    const id = (
      await owner
        .post('/api/draw/submitdraw/')
        .send(
          simpleDraw({
            entryMethod: 'uploadAdvanced',
            entriesCount: undefined,
            fileName,
            headerRowsIncluded: true,
            entryCountColumn: 2,
            clientSession,
            prizes: [{ description: 'Car', quantity: 2, reserves: 0 }],
            ...schedule,
          }),
        )
        .expect(200)
    ).body as string;
    const shortCode = (await owner.get('/api/draw/get/').query({ id, clientSession }).expect(200)).body.shortCode as string;
    return { id, owner, clientSession, file, shortCode };
  }

  const processed = (owner: TestAgent, id: string, clientSession: string) =>
    waitUntil(
      async () => (await owner.get('/api/draw/getEntryCheck/').query({ id, clientSession }).expect(200)).body.entryCheck,
      (check) => check.state !== 'processing',
      'the entry check to be processed',
    );

  it('locks personal-data and entry count columns and refuses each broken rule with its message', async () => {
    const { id, owner, clientSession } = await drawnUpload();
    const setup = (await owner.get('/api/draw/getEntryCheck/').query({ id, clientSession }).expect(200)).body;
    expect(setup.headerRowColumns).toEqual([
      { name: 'email', blacklisted: true, locked: true },
      { name: 'name', blacklisted: false, locked: false },
      { name: 'tickets', blacklisted: false, locked: true },
      { name: 'member', blacklisted: false, locked: false },
    ]);
    expect(setup.entryCheck).toBeNull();
    const refused = async (body: Record<string, unknown>, message: string) =>
      expect(
        (
          await owner
            .post('/api/draw/entryCheckSetup/')
            .send({ drawId: id, clientSession, columnName: 'Member id', ...body })
            .expect(400)
        ).body.message,
      ).toBe(message);
    await refused({ columnIdx: null }, 'Select a column to check against.');
    await refused({ columnIdx: 7 }, 'Select a column to check against.');
    await refused({ columnIdx: 0 }, 'This column cannot be used for the entry check.');
    await refused({ columnIdx: 2 }, 'This column cannot be used for the entry check.');
    await refused({ columnIdx: 3, columnName: ' | ' }, 'Ensure the selected column has a name.');
    await refused({ columnIdx: 3, columnName: 'x'.repeat(31) }, 'The column name can have at most 30 characters.');
    expect(await t.query('SELECT * FROM draw_entry_check')).toEqual([]);
    await browser(t.app).post('/api/draw/entryCheckSetup/').send({ drawId: id, columnIdx: 3, columnName: 'Member id' }).expect(404);
    await browser(t.app).get('/api/draw/getEntryCheck/').query({ id }).expect(404);

    const simpleOwner = browser(t.app);
    const simple = (
      await simpleOwner
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ clientSession: 'simple-draw-session' }))
        .expect(200)
    ).body;
    expect((await simpleOwner.post('/api/draw/entryCheckSetup/').send({ drawId: simple, clientSession: 'simple-draw-session', columnIdx: 0, columnName: 'Entry' }).expect(400)).body.message).toBe(
      'The entry check needs a draw made from an uploaded entries file.',
    );
  });

  /**
   * Every table of the database, every row as text: which values of the file's column each one holds. The uploads
   * module keeps the first rows for confirmation and the draws module the winners' rows: those are there before
   * the entry check, which must add none.
   */
  async function plainValuesByTable(values: string[]): Promise<Record<string, string[]>> {
    const tables = await t.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    const found: Record<string, string[]> = {};
    for (const table of tables) {
      const rows = await t.query<{ row: string }>(`SELECT t::text AS row FROM "${table.schema}"."${table.name}" t`);
      const text = rows.map((r) => r.row.toLowerCase()).join('\n');
      found[`${table.schema}.${table.name}`] = values.filter((value) => text.includes(value.toLowerCase()));
    }
    return found;
  }

  it('processes the column as a job, answers entrants with the entries of a value and nothing else, and keeps no plain value', async () => {
    const { id, owner, clientSession, file, shortCode } = await drawnUpload();
    const values = [...new Set(rowsOf(file).map((row) => row[3]))];
    const before = await plainValuesByTable(values);
    const started = (await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, columnIdx: 3, columnName: 'Member | id', showEntriesCount: true, countryCode: 'uk' }).expect(200))
      .body;
    expect(started).toMatchObject({ entryCheckEnabled: true, entryCheckColumnIdx: 3, entryCheckColumnName: 'Member  id', totalRows: ROWS });
    const done = await processed(owner, id, clientSession);
    expect(done).toMatchObject({ state: 'processed', message: 'File processed successfully.', entryCheckFileProcessing: false, entryCheckErrorMessage: null, processedRows: ROWS });

    const visitor = browser(t.app);
    expect((await visitor.get('/api/draw/getPublicEntryCheck/').query({ shortCode }).expect(200)).body).toEqual({
      shortCode,
      name: 'Spring giveaway',
      organisation: 'Acme Pty Ltd',
      columnName: 'Member  id',
      showEntriesCount: true,
      ready: true,
    });
    // Member-1-Zq is rows 1 and 2: tickets 2 + 3. Case and surrounding spaces do not matter.
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value: 'Member-1-Zq' }).expect(200)).body).toEqual({ found: true, entries: 5 });
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode: shortCode.toLowerCase(), value: '  mEMBER-1-zQ \t' }).expect(200)).body).toEqual({ found: true, entries: 5 });
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value: 'Member-41-Zq' }).expect(200)).body).toEqual({ found: false, entries: null });
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value: 'Name1Unique' }).expect(200)).body).toEqual({ found: false, entries: null });
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value: '   ' }).expect(400)).body.message).toBe('Please enter a value to check.');
    // Anything but text where the value belongs is the same refusal, with the usual envelope.
    for (const value of [5, ['Member-1-Zq'], { value: 'Member-1-Zq' }, null, undefined, true])
      expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value }).expect(400)).body).toEqual({
        message: 'Please enter a value to check.',
        modelState: { value: ['Please enter a value to check.'] },
      });

    // Renaming or hiding the count needs no new processing; the answer then leaves the count out.
    const renamed = (await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, columnIdx: 3, columnName: 'Membership', showEntriesCount: false }).expect(200)).body;
    expect(renamed).toMatchObject({ state: 'processed', entryCheckColumnName: 'Membership' });
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value: 'member-2-zq' }).expect(200)).body).toEqual({ found: true, entries: null });

    const after = await plainValuesByTable(values);
    expect(after).toEqual(before);
    expect(after['public.entry_check_value']).toEqual([]);
    expect(after['public.draw_entry_check']).toEqual([]);
    const stored = await t.query<{ digests: string; entries: string }>(
      'SELECT count(*) AS digests, sum(entries) AS entries FROM entry_check_value v JOIN draw_entry_check c USING (check_id) WHERE c.draw_id = $1',
      [id],
    );
    expect(stored[0]).toEqual({ digests: String(ROWS / 2), entries: String(rowsOf(file).reduce((sum, row) => sum + Number(row[2]), 0)) });
  });

  it("takes the spec's configureEntryCheck call whole: its branding field (the preview's hasBranding) too", async () => {
    const { id, owner, clientSession } = await drawnUpload();
    const configure = (branding: unknown) =>
      owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, columnIdx: 3, columnName: 'Member', showEntriesCount: false, countryCode: 'au', branding, cancelEntryCheck: false });
    expect((await configure(true).expect(200)).body).toMatchObject({ entryCheckEnabled: true, entryCheckColumnName: 'Member' });
    expect((await configure(false).expect(200)).body).toMatchObject({ entryCheckEnabled: true });
    expect((await configure('#FFFFFF').expect(400)).body.modelState).toHaveProperty('branding');
    await processed(owner, id, clientSession);
  });

  it('checks another column after a new configuration, and cancels: the public check goes and so do the digests', async () => {
    const { id, owner, clientSession, shortCode } = await drawnUpload();
    await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, columnIdx: 3, columnName: 'Member' }).expect(200);
    await processed(owner, id, clientSession);
    const first = (await t.query<{ check_id: number }>('SELECT check_id FROM draw_entry_check WHERE draw_id = $1', [id]))[0].check_id;
    await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, columnIdx: 1, columnName: 'Your name' }).expect(200);
    expect((await processed(owner, id, clientSession)).state).toBe('processed');
    expect(await t.query('SELECT 1 FROM entry_check_value WHERE check_id = $1', [first])).toEqual([]);
    const visitor = browser(t.app);
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value: 'name7unique' }).expect(200)).body.found).toBe(true);
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value: 'Member-1-Zq' }).expect(200)).body.found).toBe(false);

    const cancelled = (await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, cancelEntryCheck: true }).expect(200)).body;
    expect(cancelled.entryCheckEnabled).toBe(false);
    expect((await visitor.get('/api/draw/getPublicEntryCheck/').query({ shortCode }).expect(404)).body.message).toBe('The entry check is not available for this draw.');
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value: 'name7unique' }).expect(404)).body.message).toBe('The entry check is not available for this draw.');
    const current = (await t.query<{ check_id: number }>('SELECT check_id FROM draw_entry_check WHERE draw_id = $1', [id]))[0].check_id;
    expect(await t.query('SELECT 1 FROM entry_check_value WHERE check_id = $1', [current])).toEqual([]);
  });

  it("removes the digests a processing stored for a check cancelled meanwhile when its process died before removing them, at the job's retry", async () => {
    const { id, owner, clientSession } = await drawnUpload();
    await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, columnIdx: 3, columnName: 'Member' }).expect(200);
    await processed(owner, id, clientSession);
    const checkId = (await t.query<{ check_id: number }>('SELECT check_id FROM draw_entry_check WHERE draw_id = $1', [id]))[0].check_id;
    await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, cancelEntryCheck: true }).expect(200);
    // What a processing leaves when its process dies between storing its digests and finding its check cancelled
    // meanwhile: digests of a check no one answers from (pg-boss then delivers the job again).
    await t.query(`INSERT INTO entry_check_value (check_id, digest, entries) SELECT $1, decode(md5(n::text), 'hex'), 1 FROM generate_series(1, 40) AS n`, [checkId]);
    await t.app.get(EntryCheckProcessingService).process(checkId);
    expect(await t.query('SELECT 1 FROM entry_check_value WHERE check_id = $1', [checkId])).toEqual([]);
  });

  it("stops answering once the draw is cancelled: an entrant checks nothing of a cancelled draw's file, and its digests go at the next sweep", async () => {
    // A demo draw may be scheduled up to 15 minutes ahead, and cancelled until then.
    const { id, owner, clientSession, shortCode } = await drawnUpload({ scheduleOption: 1, scheduleDate: new Date(Date.now() + 10 * 60_000).toISOString() });
    await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, columnIdx: 3, columnName: 'Member', showEntriesCount: true }).expect(200);
    await processed(owner, id, clientSession);
    const visitor = browser(t.app);
    await visitor.get('/api/draw/getPublicEntryCheck/').query({ shortCode }).expect(200);
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value: 'Member-1-Zq' }).expect(200)).body).toEqual({ found: true, entries: 5 });

    await owner.post('/api/draw/cancel/').send({ id, clientSession }).expect(200);
    expect((await visitor.get('/api/draw/getPublicEntryCheck/').query({ shortCode }).expect(404)).body).toEqual({ message: 'The entry check is not available for this draw.' });
    for (const value of ['Member-1-Zq', 'guess'])
      expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode, value }).expect(404)).body).toEqual({ message: 'The entry check is not available for this draw.' });

    // Its digests go at the next sweep of ended draws' checks, as if the owner had cancelled the check; a scheduled
    // draw's check stays.
    const scheduled = await drawnUpload({ scheduleOption: 1, scheduleDate: new Date(Date.now() + 10 * 60_000).toISOString() });
    await scheduled.owner.post('/api/draw/entryCheckSetup/').send({ drawId: scheduled.id, clientSession: scheduled.clientSession, columnIdx: 3, columnName: 'Member' }).expect(200);
    await processed(scheduled.owner, scheduled.id, scheduled.clientSession);
    const digestsOf = async (drawId: string) =>
      (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM entry_check_value JOIN draw_entry_check USING (check_id) WHERE draw_id = $1', [drawId]))[0].n;
    expect(await digestsOf(id)).toBeGreaterThan(0);
    expect(await t.app.get(EndedDrawChecksSweeper).sweep()).toBe(1);
    expect(await digestsOf(id)).toBe(0);
    expect(await t.query('SELECT enabled FROM draw_entry_check WHERE draw_id = $1', [id])).toEqual([{ enabled: false }]);
    expect(await digestsOf(scheduled.id)).toBeGreaterThan(0);
    expect((await visitor.post('/api/draw/checkEntry/').send({ shortCode: scheduled.shortCode, value: 'Member-1-Zq' }).expect(200)).body.found).toBe(true);
    expect(await t.app.get(EndedDrawChecksSweeper).sweep()).toBe(0);
  });

  it('counts checks per subscriber: an IPv6 /64 whatever its host part or spelling, an IPv4 address also when written as IPv6', async () => {
    const { id, owner, clientSession, shortCode } = await drawnUpload();
    await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, columnIdx: 3, columnName: 'Member' }).expect(200);
    await processed(owner, id, clientSession);
    const check = (address: string) => browser(t.app, address).post('/api/draw/checkEntry/').send({ shortCode, value: 'guess' });
    // One home or phone is given a whole /64: its host part is the visitor's to choose.
    const spellings = [(i: number) => `2001:db8:5:6::${i.toString(16)}`, (i: number) => `2001:DB8:5:6:${i}::1`, (i: number) => `2001:0db8:0005:0006:0:0:${i}:0`];
    for (let i = 1; i <= ENTRY_CHECK_RATE_LIMIT.points; i++) await check(spellings[i % 3](i)).expect(200);
    expect((await check('2001:db8:5:6:ffff:ffff:ffff:ffff').expect(429)).body.message).toMatch(/^Too many checks/);
    await check('2001:db8:5:7::1').expect(200);

    const address = freshAddress();
    for (let i = 1; i <= ENTRY_CHECK_RATE_LIMIT.points; i++) await check(i % 2 ? address : `::ffff:${address}`).expect(200);
    await check(address).expect(429);
    await check(`::FFFF:${address}`).expect(429);
  });

  it("limits checks to 20 per address per 10 minutes, each check one prepared statement on the counters' connections that answers the value only within the limit (issue 26)", async () => {
    const { id, owner, clientSession, shortCode } = await drawnUpload();
    await owner.post('/api/draw/entryCheckSetup/').send({ drawId: id, clientSession, columnIdx: 3, columnName: 'Member', showEntriesCount: true }).expect(200);
    await processed(owner, id, clientSession);
    const statements = recordSentStatements();
    const check = async (value: string, address = freshAddress()) => {
      const response = await browser(t.app, address).post('/api/draw/checkEntry/').send({ shortCode, value });
      return { response, sent: apartFromVersionRead(statements.sentFor(response.headers['x-request-id'] as string)) };
    };
    try {
      // The first check also reads the draw's check (from other addresses: the cache is the draw's).
      await waitUntil(
        () => check('warm-up'),
        ({ sent }) => sent.length === 1,
        "a check in one statement once the draw's check is kept",
      );
      const address = freshAddress();
      for (let i = 1; i <= 20; i++) {
        const { response, sent } = await check(i === 20 ? 'Member-1-Zq' : `guess-${i}`, address);
        expect(response.status).toBe(200);
        expect(response.body).toEqual(i === 20 ? { found: true, entries: 5 } : { found: false, entries: null });
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ name: expect.any(String), options: expect.stringContaining('synchronous_commit=off') });
        expect(sent[0].text).toMatch(/INSERT INTO rate_limit[\s\S]*FROM entry_check_value/);
      }
      // Over the limit: the same one statement, and the answer is the refusal alone, whether the value is there or not.
      for (const value of ['Member-1-Zq', 'guess-21']) {
        const { response: refused, sent } = await check(value, address);
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({ message: `Too many checks. Please try again in ${refused.headers['retry-after']} seconds.` });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
        expect(sent).toHaveLength(1);
      }
    } finally {
      statements.stop();
    }
    // The counter is rate-limiter-flexible's row (key <policy>:<address>), which the policy's other methods read.
    const address = freshAddress();
    for (let i = 1; i <= 3; i++)
      await browser(t.app, address)
        .post('/api/draw/checkEntry/')
        .send({ shortCode, value: `guess-${i}` })
        .expect(200);
    const policy = t.app.get(RateLimitService).policy({ name: 'entry-check-address', ...ENTRY_CHECK_RATE_LIMIT, message: ENTRY_CHECK_MESSAGES.tooManyChecks });
    expect(await t.query('SELECT points FROM rate_limit WHERE key = $1', [`entry-check-address:${address}`])).toEqual([{ points: 3 }]);
    // Throwaway counters, written by every check, stay out of the write-ahead log (docs/decisions.md).
    expect(await t.query("SELECT relname, relpersistence FROM pg_class WHERE relname IN ('rate_limit', 'rate_limit_expire', 'rate_limit_pkey') ORDER BY relname")).toEqual(
      ['rate_limit', 'rate_limit_expire', 'rate_limit_pkey'].map((relname) => ({ relname, relpersistence: 'u' })),
    );
    expect(await policy.attempts(address)).toBe(3);
    // A refused blank value or unknown code counts too, as any check does.
    await browser(t.app, address).post('/api/draw/checkEntry/').send({ shortCode, value: ' ' }).expect(400);
    await browser(t.app, address).post('/api/draw/checkEntry/').send({ shortCode: 'ZQZQZ', value: 'x' }).expect(404);
    expect(await policy.attempts(address)).toBe(5);
    await policy.reset(address);
    expect(await policy.attempts(address)).toBe(0);
    // Another address is not held back.
    await browser(t.app).post('/api/draw/checkEntry/').send({ shortCode, value: 'Member-1-Zq' }).expect(200);
  });
});
