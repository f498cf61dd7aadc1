import type TestAgent from 'supertest/lib/agent.js';
import { browser, registeredUser } from '../support/accounts.js';
import { scheduledPaidDraw, simpleDraw } from '../support/draws.js';
import { uploaded } from '../support/entries-files.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

const ROWS = 60;
/** Every cell unique, so that any value of the file on a page can be traced to its column. Column 0 is e-mail (blacklisted). */
function entriesFile(): string {
  const lines = ['Email,Full name,City,Member'];
  for (let i = 1; i <= ROWS; i++) lines.push(`person${i}@mail${i}.example,Given${i} Family${i},Town${i}Unique,MEMBER-${i}-ID`);
  return lines.join('\n') + '\n';
}
const rowsOf = (file: string) =>
  file
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));

describe('winner publication (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', DRAW_SWEEP_SECONDS: '1' } });
  });

  afterAll(async () => {
    await t.close();
  });

  /** A drawn demo draw on the fixture, made by a visitor's browser tab. */
  async function drawnUpload(): Promise<{ id: string; owner: TestAgent; clientSession: string; file: string }> {
    const file = entriesFile();
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', file);
    const owner = browser(t.app);
    const id = (
      await owner
        .post('/api/draw/submitdraw/')
        .send(
          simpleDraw({
            entryMethod: 'upload',
            entriesCount: undefined,
            fileName,
            headerRowsIncluded: true,
            clientSession,
            prizes: [
              { description: 'Car', quantity: 3, reserves: 2 },
              { description: 'Hat', quantity: 2, reserves: 0 },
            ],
          }),
        )
        .expect(200)
    ).body as string;
    return { id, owner, clientSession, file };
  }

  const settings = (overrides: Record<string, unknown> = {}) => ({
    published: true,
    columns: [1, 3],
    names: ['Winner', 'Member number'],
    prizes: [0, 1],
    truncated: false,
    upperCase: false,
    entries: false,
    ...overrides,
  });

  it('offers the columns with personal data locked, the prizes and the first winners to the owner only', async () => {
    const { id, owner, clientSession, file } = await drawnUpload();
    const setup = (await owner.post('/api/draw/publication/').send({ id, clientSession }).expect(200)).body;
    expect(setup.headerRowColumns).toEqual([
      { name: 'Email', blacklisted: true },
      { name: 'Full name', blacklisted: false },
      { name: 'City', blacklisted: false },
      { name: 'Member', blacklisted: false },
    ]);
    expect(setup.prizes).toEqual([
      { description: 'Car', quantity: 3 },
      { description: 'Hat', quantity: 2 },
    ]);
    expect(setup.state).toBe('drawn');
    expect(setup.winnerRows).toHaveLength(5);
    expect(rowsOf(file)).toContainEqual(setup.winnerRows[0].values);
    expect(setup.publication).toBeNull();
    await browser(t.app).post('/api/draw/publication/').send({ id }).expect(404);
  });

  it('refuses each broken rule with the spec’s message and publishes nothing', async () => {
    const { id, owner, clientSession } = await drawnUpload();
    const refused = async (overrides: Record<string, unknown>, message: string) => {
      const response = await owner
        .post('/api/draw/publish/')
        .send({ id, clientSession, ...settings(overrides) })
        .expect(400);
      expect(response.body.message).toBe(message);
    };
    await refused({ columns: [], names: [] }, 'Select at least 1 column to publish.');
    await refused({ columns: [1, 2, 3, 1, 2], names: ['a', 'b', 'c', 'd', 'e'] }, 'Select at most 4 columns to publish.');
    await refused({ columns: [0], names: ['Email'] }, 'This column holds personal data and cannot be published.');
    await refused({ columns: [9], names: ['Nine'] }, 'Select columns of the entries file.');
    await refused({ names: ['Winner', '  '] }, 'You must enter a name for each selected column.');
    await refused({ names: ['Winner', '|||'] }, 'You must enter a name for each selected column.');
    await refused({ names: ['Winner'] }, 'You must enter a name for each selected column.');
    await refused({ names: ['Winner', 'x'.repeat(31)] }, 'Column names can have at most 30 characters.');
    await refused({ prizes: [] }, 'Select at least 1 prize to publish.');
    await refused({ prizes: [2] }, 'Select prizes of the draw.');
    await refused({ published: false, scheduleDate: new Date(Date.now() - 60_000).toISOString() }, 'Enter a winner publication date in the future.');
    await refused({ published: false, scheduleDate: null }, 'Enter a winner publication date in the future.');
    // ISO 8601 that Date cannot read (week dates): an Invalid Date passed the date rules.
    for (const scheduleDate of ['2099-W01', '2099-W01-1']) await refused({ published: false, scheduleDate }, 'Enter a winner publication date in the future.');
    expect(await t.query('SELECT * FROM draw_publication WHERE draw_id = $1', [id])).toEqual([]);
    await browser(t.app)
      .get('/api/draw/getPublicWinners/')
      .query({ shortCode: (await owner.post('/api/draw/publication/').send({ id, clientSession })).body.shortCode })
      .expect(404);
    // Someone else cannot publish the owner's winners.
    await browser(t.app)
      .post('/api/draw/publish/')
      .send({ id, ...settings() })
      .expect(404);
  });

  it('publishes now: the public page holds only the chosen columns of the chosen prizes’ winners, then unpublishes', async () => {
    const { id, owner, clientSession, file } = await drawnUpload();
    const published = await owner
      .post('/api/draw/publish/')
      .send({ id, clientSession, ...settings({ names: ['Win|ner ', 'Member number'], prizes: [1], truncated: true, upperCase: true, entries: true, countryCode: 'au' }) })
      .expect(200);
    expect(published.body).toMatchObject({ published: true, winnersPublishedLive: true, names: ['Winner', 'Member number'], prizes: [1] });
    const draw = (await owner.get('/api/draw/get/').query({ id, clientSession }).expect(200)).body;
    const hatWinners: string[][] = draw.prizes[1].winners.map((w: { columns: string[] }) => w.columns);
    const carWinners: string[][] = draw.prizes[0].winners.map((w: { columns: string[] }) => w.columns);

    const page = await browser(t.app).get('/api/draw/getPublicWinners/').query({ shortCode: draw.shortCode.toLowerCase() }).expect(200);
    expect(page.body).toMatchObject({ name: 'Spring giveaway', winnersPublishedLive: true, columnNames: ['Winner', 'Member number'], entryCount: ROWS });
    expect(page.body.prizes).toEqual([
      { description: 'Hat', winnersAwarded: 2, winners: hatWinners.map((row) => [`${row[1].split(' ')[0].toUpperCase()} ${row[1].split(' ')[1][0].toUpperCase()}.`, row[3].toUpperCase()]) },
    ]);
    // Nothing else of the file: no e-mail or city of anyone, nothing of entrants who did not win a published prize.
    const text = JSON.stringify(page.body).toLowerCase();
    const published_ = new Set(hatWinners.map((row) => row[3]));
    for (const row of rowsOf(file)) {
      expect(text).not.toContain(row[0].toLowerCase());
      expect(text).not.toContain(row[2].toLowerCase());
      expect(text).not.toContain(row[1].toLowerCase()); // the full name: only truncated names are shown
      if (!published_.has(row[3])) expect(text).not.toContain(`"${row[3].toLowerCase()}"`);
    }
    for (const row of carWinners) expect(text).not.toContain(`"${row[3].toLowerCase()}"`);

    await browser(t.app).post('/api/draw/unpublish/').send({ id }).expect(404);
    expect((await owner.post('/api/draw/unpublish/').send({ id, clientSession }).expect(200)).body.message).toBe('The winners are no longer published.');
    expect((await browser(t.app).get('/api/draw/getPublicWinners/').query({ shortCode: draw.shortCode }).expect(404)).body.message).toBe('The winners of this draw are not published.');
    expect((await owner.post('/api/draw/unpublish/').send({ id, clientSession }).expect(409)).body.message).toBe('The winners of this draw are not published.');
    // The settings stay for the next publication.
    expect((await owner.post('/api/draw/publication/').send({ id, clientSession }).expect(200)).body.publication).toMatchObject({ published: false, names: ['Winner', 'Member number'] });
  });

  it('schedules a publication after the draw date; a job makes it live at its time', async () => {
    const { agent } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const drawDate = new Date(Date.now() + 6_000);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 2, scheduleOption: 1, scheduleDate: drawDate.toISOString() }))
        .expect(200)
    ).body as string;

    const before = (await agent.post('/api/draw/publication/').send({ id }).expect(200)).body;
    expect(before.headerRowColumns).toEqual([{ name: 'Entry number', blacklisted: false }]);
    expect(before.exampleRows).toEqual([['1'], ['2'], ['3'], ['4'], ['5']]);
    expect(before.winnerRows).toEqual([]);
    const publish = (overrides: Record<string, unknown>) => agent.post('/api/draw/publish/').send({ id, ...settings({ columns: [0], names: ['Entry'], ...overrides }) });
    expect((await publish({}).expect(400)).body.message).toBe('Enter a winner publication date that is after the draw date.');
    expect((await publish({ published: false, scheduleDate: new Date(drawDate.getTime() - 1_000).toISOString() }).expect(400)).body.message).toBe(
      'Enter a winner publication date that is after the draw date.',
    );
    const publishDate = new Date(drawDate.getTime() + 3_000);
    const scheduled = (await publish({ published: false, scheduleDate: publishDate.toISOString() }).expect(200)).body;
    expect(scheduled).toMatchObject({ published: true, winnersPublishedLive: false, publishDate: publishDate.toISOString() });
    expect(scheduled.secondsTilPublishDate).toBeGreaterThan(0);

    const shortCode = before.shortCode as string;
    const waiting = (await browser(t.app).get('/api/draw/getPublicWinners/').query({ shortCode }).expect(200)).body;
    expect(waiting).toMatchObject({ winnersPublishedLive: false, prizes: [], entryCount: null });

    // Nobody visits the page: the job (or the sweep behind it) makes the publication live once the draw is drawn.
    await waitUntil(
      async () => (await t.query<{ live: boolean }>('SELECT live FROM draw_publication WHERE draw_id = $1', [id]))[0].live,
      (live) => live,
      'the publication to go live',
    );
    const live = (await browser(t.app).get('/api/draw/getPublicWinners/').query({ shortCode }).expect(200)).body;
    const draw = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    expect(draw.state).toBe('drawn');
    expect(live.winnersPublishedLive).toBe(true);
    expect(live.prizes).toEqual([
      { description: 'Bike', winnersAwarded: 1, winners: draw.prizes[0].winners.map((w: { entryNumber: number }) => [String(w.entryNumber)]) },
      { description: draw.prizes[1].description, winnersAwarded: 3, winners: draw.prizes[1].winners.map((w: { entryNumber: number }) => [String(w.entryNumber)]) },
    ]);
    const after = (await agent.post('/api/draw/publication/').send({ id }).expect(200)).body;
    expect(after.winnerRows.map((w: { values: string[] }) => w.values)).toEqual([...live.prizes[0].winners, ...live.prizes[1].winners]);
  });

  it("takes the spec's publish call whole: its branding field (the preview's hasBranding) too", async () => {
    const { id, owner, clientSession } = await drawnUpload();
    const publish = (branding: unknown) => owner.post('/api/draw/publish/').send({ id, clientSession, ...settings({ branding, countryCode: 'uk' }) });
    for (const branding of [true, false]) expect((await publish(branding).expect(200)).body).toMatchObject({ published: true });
    expect((await publish({ colour: 'red' }).expect(400)).body.modelState).toHaveProperty('branding');
  });

  /** A customer's paid draw scheduled an hour ahead. */
  async function scheduledDraw(): Promise<{ id: string; agent: TestAgent }> {
    const { agent } = await registeredUser(t.app);
    return { id: await scheduledPaidDraw(agent), agent };
  }

  it('refuses publication of a cancelled draw', async () => {
    const { id, agent } = await scheduledDraw();
    await agent.post('/api/draw/cancel/').send({ id }).expect(200);
    expect(
      (
        await agent
          .post('/api/draw/publish/')
          .send({ id, ...settings({ columns: [0], names: ['Entry'], published: false, scheduleDate: new Date(Date.now() + 7_200_000).toISOString() }) })
          .expect(409)
      ).body.message,
    ).toBe('The winners of a cancelled or failed draw cannot be published.');
  });

  it("takes a scheduled publication's page down when its draw is cancelled (its countdown would never end)", async () => {
    const { id, agent } = await scheduledDraw();
    const { shortCode } = (await agent.post('/api/draw/publication/').send({ id }).expect(200)).body as { shortCode: string };
    await agent
      .post('/api/draw/publish/')
      .send({ id, ...settings({ columns: [0], names: ['Entry'], published: false, scheduleDate: new Date(Date.now() + 7_200_000).toISOString() }) })
      .expect(200);
    expect((await browser(t.app).get('/api/draw/getPublicWinners/').query({ shortCode }).expect(200)).body).toMatchObject({ winnersPublishedLive: false });

    await agent.post('/api/draw/cancel/').send({ id }).expect(200);
    expect((await browser(t.app).get('/api/draw/getPublicWinners/').query({ shortCode }).expect(404)).body.message).toBe('The winners of this draw are not published.');
  });

  it('locks a column whose values are mostly personal data of several kinds (e-mails and phone numbers), and never publishes them', async () => {
    // A "Contact" column (no header rule) where each entrant gave an e-mail address or a phone number: 40% of each, 20%
    // other text. Neither kind alone is half the values; together they are four in five.
    const lines = ['Name,Contact,Member'];
    for (let i = 1; i <= 40; i++) {
      const contact = [`fan${i}@mail.example`, `fan${i}.b@mail.example`, `0412 555 ${String(100 + i)}`, `+61 2 9555 ${String(1000 + i)}`, 'ask at desk'][i % 5];
      lines.push(`Fan${i},${contact},M${i}`);
    }
    const { fileName, clientSession } = await uploaded(t, 'contacts.csv', lines.join('\n') + '\n');
    const owner = browser(t.app);
    const confirmed = (await owner.post('/api/draw/getConfirmDrawDetails').send({ fileName, clientSession, advancedUpload: false, demoMode: false }).expect(200)).body;
    expect(confirmed.headerRowColumns[1]).toEqual({ name: 'Contact', blacklisted: true });
    const id = (
      await owner
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, prizes: [{ description: 'Car', quantity: 10, reserves: 0 }] }))
        .expect(200)
    ).body as string;
    const setup = (await owner.post('/api/draw/publication/').send({ id, clientSession }).expect(200)).body;
    expect(setup.headerRowColumns[1]).toEqual({ name: 'Contact', blacklisted: true });
    const refused = await owner
      .post('/api/draw/publish/')
      .send({ id, clientSession, ...settings({ columns: [0, 1], names: ['Name', 'Contact'], prizes: [0] }) })
      .expect(400);
    expect(refused.body.message).toBe('This column holds personal data and cannot be published.');
    const check = (await owner.get('/api/draw/getEntryCheck/').query({ id, clientSession }).expect(200)).body;
    expect(check.headerRowColumns[1]).toMatchObject({ name: 'Contact', locked: true });
  });

  it('locks the columns confirmation found personal, reading the same sample: never all of the first 1,000 rows whatever their size', async () => {
    // Confirmation samples the first three rows, then rows within the first MB: here the header and two e-mails
    // (two values in three look like e-mail addresses). Below the long rows, a hundred rows of other values.
    const lines = ['Contact,Notes,Member', `ann@example.com,${'n'.repeat(600_000)},M1`, `bob@example.com,${'n'.repeat(600_000)},M2`];
    for (let i = 3; i <= 100; i++) lines.push(`n/a,note ${i},M${i}`);
    const { fileName, clientSession } = await uploaded(t, 'long-rows.csv', lines.join('\n') + '\n');
    const owner = browser(t.app);
    const confirmed = (await owner.post('/api/draw/getConfirmDrawDetails').send({ fileName, clientSession, advancedUpload: false, demoMode: false }).expect(200)).body;
    expect(confirmed.headerRowColumns[0]).toEqual({ name: 'Contact', blacklisted: true });
    const id = (
      await owner
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, prizes: [{ description: 'Car', quantity: 2, reserves: 0 }] }))
        .expect(200)
    ).body as string;
    const setup = (await owner.post('/api/draw/publication/').send({ id, clientSession }).expect(200)).body;
    expect(setup.headerRowColumns.map((c: { blacklisted: boolean }) => c.blacklisted)).toEqual(confirmed.headerRowColumns.map((c: { blacklisted: boolean }) => c.blacklisted));
    const refused = await owner
      .post('/api/draw/publish/')
      .send({ id, clientSession, ...settings({ columns: [0], names: ['Contact'], prizes: [0] }) })
      .expect(400);
    expect(refused.body.message).toBe('This column holds personal data and cannot be published.');
  });

  it('answers a malformed short code as a draw that does not exist: 404 on the winners page, the entry check and the certificate', async () => {
    const visitor = browser(t.app);
    for (const shortCode of ['AB', 'ABCDEF', 'AB1DE', '', 'x'.repeat(90), 'ZZZZZ']) {
      const winners = await visitor.get('/api/draw/getPublicWinners/').query({ shortCode });
      expect([shortCode, winners.status, winners.body]).toEqual([shortCode, 404, { message: 'The winners of this draw are not published.' }]);
      const check = await visitor.get('/api/draw/getPublicEntryCheck/').query({ shortCode });
      expect([shortCode, check.status, check.body]).toEqual([shortCode, 404, { message: 'The entry check is not available for this draw.' }]);
      if (shortCode) expect((await visitor.get(`/api/certificate/${shortCode}`).expect(404)).body).toEqual({ message: 'Draw not found.' });
    }
    // Without a code at all the request itself is incomplete.
    await visitor.get('/api/draw/getPublicWinners/').expect(400);
    await visitor.get('/api/draw/getPublicEntryCheck/').expect(400);
  });
});
