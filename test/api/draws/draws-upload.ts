import type TestAgent from 'supertest/lib/agent.js';
import { runDraw } from '#draw-engine';
import { createSeededSource } from '#rng';
import { readEntriesFile } from '#entries-file';
import { createHash } from 'node:crypto';
import { browser, registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { uploaded } from '../../support/entries-files.js';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DrawScheduleService } from '../../../src/draws/application/draw-schedule.service.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** Every cell unique, so that any value of the file appearing in a response can be found. */
function entriesFile(rows: number): string {
  const lines = ['email,name,tickets,member'];
  for (let i = 1; i <= rows; i++) lines.push(`person${i}@mail${i}.example,Name${i}Unique,${(i % 3) + 1},MEMBER-${Math.ceil(i / 2)}-ID`);
  return lines.join('\n') + '\n';
}

describe('draws on uploaded entries files (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it("draws from an upload, shows the winners' rows to the browser that made it and nothing of the file to anyone else", async () => {
    const file = entriesFile(40);
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', file);
    const owner = browser(t.app);
    const id = (
      await owner
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession }))
        .expect(200)
    ).body as string;
    const mine = (await owner.get('/api/draw/get/').query({ id, clientSession }).expect(200)).body;
    expect(mine).toMatchObject({ state: 'drawn', entryCount: 40, isOwner: true });
    const firstWinner = mine.prizes[0].winners[0];
    expect(firstWinner.columns).toEqual(file.split('\n')[firstWinner.entryNumber].split(','));
    expect(mine.entriesSha256).toMatch(/^[0-9a-f]{64}$/);

    const stranger = JSON.stringify((await browser(t.app).get('/api/draw/get/').query({ id }).expect(200)).body);
    for (const cell of file
      .trim()
      .split('\n')
      .slice(1)
      .flatMap((line) => line.split(','))) {
      if (!/^\d+$/.test(cell)) expect(stranger).not.toContain(cell);
    }
    expect(stranger).not.toContain('"columns":[');
  });

  it("stores every winner's fields exactly, backslashes, quotes, delimiters and non-ASCII text included", async () => {
    const rows = ['C:\\entries\\a.csv,plain', '"quoted, with comma","say ""hi"""', 'Zoë \\N \\t,日本語', '\\,"line\nbreak"'];
    const expected = [
      ['C:\\entries\\a.csv', 'plain'],
      ['quoted, with comma', 'say "hi"'],
      ['Zoë \\N \\t', '日本語'],
      ['\\', 'line\nbreak'],
    ];
    const { fileName, clientSession } = await uploaded(t, 'escapes.csv', `first,second\n${rows.join('\n')}\n`);
    const owner = browser(t.app);
    const id = (
      await owner
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, prizes: [{ description: 'All', quantity: 4, reserves: 0 }] }))
        .expect(200)
    ).body as string;
    const draw = (await owner.get('/api/draw/get/').query({ id, clientSession }).expect(200)).body;
    const byEntry = new Map<number, string[]>(draw.prizes[0].winners.map((w: { entryNumber: number; columns: string[] }) => [w.entryNumber, w.columns]));
    expect(expected.map((_, i) => byEntry.get(i + 1))).toEqual(expected);
  });

  it('draws with ticket counts and one win per entrant exactly as a re-run from the file and the seed does', async () => {
    const file = entriesFile(60);
    const { fileName, clientSession } = await uploaded(t, 'weighted.csv', file);
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
            entrantUniqueIdColumn: 3,
            oneWinPerEntrant: true,
            prizes: [{ description: 'Car', quantity: 5, reserves: 3 }],
            clientSession,
          }),
        )
        .expect(200)
    ).body as string;
    const draw = (await owner.get('/api/draw/get/').query({ id, clientSession }).expect(200)).body;
    expect(draw.oneWinPerEntrant).toBe(true);
    // The wizard's figures for the file (issue 27): 60 entry rows holding 1 + 2 + 3 tickets in turn, 2 rows a member.
    expect(draw).toMatchObject({ entryRowCount: 60, entryCount: 120, entrantCount: 30 });
    const certificate = (await owner.get(`/api/certificate/${draw.shortCode}`).expect(200)).body;
    expect(certificate).toMatchObject({ entryCount: 60, ticketCount: 120, entrantCount: 30 });

    // The verification a regulator can do: read the file as docs/verification.md says, re-run the engine.
    const reading = await readEntriesFile(
      async function* () {
        yield Buffer.from(file);
      },
      'csv',
      { headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 3 },
    );
    expect(reading.sha256).toBe(draw.entriesSha256);
    const selection = reading.pass.selection!;
    const tickets = selection.tickets!;
    const outcome = runDraw(
      { entryCount: tickets.length, tickets, entrantOf: selection.entrantOf!, prizes: [{ quantity: 5, reserves: 3 }], oneWinPerEntrant: true },
      createSeededSource(new Uint8Array(Buffer.from(draw.seed, 'hex'))),
    );
    expect(draw.prizes[0].winners.map((w: { entryNumber: number }) => w.entryNumber)).toEqual(outcome.prizes[0].winners.map((row) => row + 1));
    expect(draw.prizes[0].reserveWinners.map((w: { entryNumber: number }) => w.entryNumber)).toEqual(outcome.prizes[0].reserves.map((row) => row + 1));
    const members = [...draw.prizes[0].winners, ...draw.prizes[0].reserveWinners].map((w: { columns: string[] }) => w.columns[3]);
    expect(new Set(members).size).toBe(members.length);
  });

  it("refuses another browser's file, a missing file and one win per entrant without a column", async () => {
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', entriesFile(10));
    const base = { entryMethod: 'upload', entriesCount: undefined, headerRowsIncluded: true };
    await browser(t.app)
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ ...base, fileName, clientSession: 'someone-else-123' }))
      .expect(404);
    const missing = await browser(t.app)
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ ...base, clientSession }))
      .expect(400);
    expect(missing.body.modelState).toEqual({ fileName: ['Please upload your entries file.'] });
    const oneWin = await browser(t.app)
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ ...base, entryMethod: 'uploadAdvanced', fileName, clientSession, oneWinPerEntrant: true }))
      .expect(400);
    expect(oneWin.body.message).toBe('One win per entrant needs a column with the number of entries or a unique entrant id column.');
  });

  /** A new account's draw on an uploaded file (one winner), for its downloads. */
  async function ownersUploadDraw(name: string, file: string): Promise<{ agent: TestAgent; id: string }> {
    const { fileName, clientSession } = await uploaded(t, name, file);
    const { agent } = await registeredUser(t.app);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, prizes: [{ quantity: 1, reserves: 0 }] }))
        .expect(200)
    ).body as string;
    return { agent, id };
  }

  it('gives the draw owner the entries file byte for byte (its SHA-256 is the draw’s), and no one else', async () => {
    const file = entriesFile(12);
    const { agent, id } = await ownersUploadDraw('my entries.csv', file);
    const draw = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    const download = await agent.get(`/download/entries/${id}`).expect(200);
    expect(download.text).toBe(file);
    expect(createHash('sha256').update(download.text).digest('hex')).toBe(draw.entriesSha256);
    expect(download.headers['content-disposition']).toContain(`FairDraw-entries-${id.slice(24).toUpperCase()}-my entries.csv`);
    await browser(t.app).get(`/download/entries/${id}`).expect(404);
    await (await registeredUser(t.app)).agent.get(`/download/entries/${id}`).expect(404);
  });

  it('names the entries download in a Content-Disposition every browser reads: a plain fallback and an RFC 5987 UTF-8 name', async () => {
    const name = `O'Brien (final) *März* 50%; x=1.csv`;
    const { agent, id } = await ownersUploadDraw(name, entriesFile(5));
    const header = (await agent.get(`/download/entries/${id}`).expect(200)).headers['content-disposition'] as string;
    const full = `FairDraw-entries-${id.slice(24).toUpperCase()}-${name}`;
    // RFC 6266 §4.1: a quoted-string without quote or backslash, then ext-value = charset'lang'value-chars (RFC 5987
    // §3.2.1: '%' escapes and attr-char only; an apostrophe, parenthesis or star there makes strict browsers drop the name).
    const form = /^attachment; filename="([^"\\]*)"; filename\*=UTF-8''((?:%[0-9A-F]{2}|[A-Za-z0-9!#$&+.^_`|~-])+)$/;
    expect(header).toMatch(form);
    const parsed = form.exec(header);
    expect(parsed![1]).toBe(full.replace(/[^\x20-\x7e]|["\\]/g, '_'));
    expect(decodeURIComponent(parsed![2])).toBe(full);
  });

  it("labels the results CSV's entry columns with the entries file's own header names (issue 27)", async () => {
    const file = entriesFile(12);
    const { fileName, clientSession } = await uploaded(t, 'named.csv', file);
    const { agent } = await registeredUser(t.app);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, prizes: [{ quantity: 3, reserves: 1 }] }))
        .expect(200)
    ).body as string;
    const lines = (await agent.get(`/download/results/${id}`).expect(200)).text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Prize,Prize description,Winner or reserve,Order,Entry number,email,name,tickets,member');
    expect(lines).toHaveLength(5);
    const [, , , , entry, ...fields] = lines[1].split(',');
    expect(fields).toEqual(file.split('\n')[Number(entry)].split(','));
  });

  it('needs more than two rows with a header row', async () => {
    const { fileName, clientSession } = await uploaded(t, 'tiny.csv', 'email\nonly@one.example\n');
    const response = await browser(t.app)
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, prizes: [{ quantity: 1, reserves: 0 }] }))
      .expect(400);
    expect(response.body.modelState).toEqual({ fileName: ['The file needs more than 2 rows when it has a header row.'] });
  });

  it('needs the header row chosen for an upload (part 1 §5): left out, the header row would be drawn as an entry', async () => {
    const { fileName, clientSession } = await uploaded(t, 'headed.csv', entriesFile(5));
    for (const entryMethod of ['upload', 'uploadAdvanced']) {
      const response = await browser(t.app)
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entryMethod, entriesCount: undefined, fileName, clientSession, prizes: [{ quantity: 1, reserves: 0 }] }))
        .expect(400);
      expect(response.body).toEqual({
        message: 'Please tell us whether the first row of the file is a header row.',
        modelState: { headerRowsIncluded: ['Please tell us whether the first row of the file is a header row.'] },
      });
    }
    expect(await t.query('SELECT 1 FROM draw WHERE file_name = $1', [fileName])).toEqual([]);
  });

  it('ends a scheduled draw in error when its entries file is gone from storage, instead of retrying it for ever', async () => {
    const { fileName, clientSession } = await uploaded(t, 'vanishing.csv', entriesFile(20));
    const owner = browser(t.app);
    const inTenMinutes = new Date(Date.now() + 600_000).toISOString();
    const id = (
      await owner
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, scheduleOption: 1, scheduleDate: inTenMinutes }))
        .expect(200)
    ).body as string;
    await rm(join(t.dataDir, 'files', 'uploads', fileName.slice(0, 2), `${fileName}.upload`));
    // Its time (and with it its beacon round) moved to a second ago.
    await t.query(
      `UPDATE draw SET schedule_date = now() - interval '1 second',
         beacon_round = floor((extract(epoch FROM now()) - 1 - (beacon->>'genesisTime')::bigint) / (beacon->>'period')::int) + 1 WHERE id = $1`,
      [id],
    );
    await t.app.get(DrawScheduleService).sweep();
    const draw = (await owner.get('/api/draw/get/').query({ id, clientSession }).expect(200)).body;
    expect(draw).toMatchObject({ state: 'error', errorMessage: 'The entries file of this draw is no longer available.' });
  });
});
