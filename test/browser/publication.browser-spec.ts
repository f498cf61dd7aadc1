/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import request from 'supertest';
import { freshAddress, PASSWORD, registeredUser } from '../support/accounts.js';
import { launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { simpleDraw } from '../support/draws.js';
import { uploaded } from '../support/entries-files.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const CLIENT_SESSION = 'publication-tab-0123456789';
const SHOTS = resolve('dist/screenshots');

/** Every cell unique; the e-mail column is personal data. */
function entriesFile(): string {
  const rows = Array.from({ length: 40 }, (_, i) => `entrant-${i + 1}-xk@example.com,Given${i + 1} Family${i + 1},TICKET-${1000 + i}-ZX`);
  return ['Email,Full name,Ticket code', ...rows].join('\n') + '\n';
}

describe('winner publication and entry check in Chromium', () => {
  let t: TestApp;
  let base: string;
  let chromium: TestBrowser;
  let id: string;
  let shortCode: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    base = await t.listen();
    chromium = await launchBrowser();
    await mkdir(SHOTS, { recursive: true });
    // A visitor's demo draw on an uploaded file, made in the browser tab the tests use.
    const { fileName } = await uploaded(t, 'entries.csv', entriesFile(), CLIENT_SESSION);
    const agent = request(t.app.getHttpServer());
    id = (
      await agent
        .post('/api/draw/submitdraw/')
        .set('X-Forwarded-For', freshAddress())
        .send(
          simpleDraw({
            name: 'Summer raffle',
            paymentOption: 4,
            entryMethod: 'upload',
            entriesCount: undefined,
            fileName,
            headerRowsIncluded: true,
            clientSession: CLIENT_SESSION,
            prizes: [{ description: 'Bike', quantity: 2, reserves: 0 }],
          }),
        )
        .expect(200)
    ).body as string;
    shortCode = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode;
    // The draw's certificate branding (issue 10), which the public pages wear.
    await agent
      .post('/api/draw/branding')
      .send({
        drawId: id,
        clientSession: CLIENT_SESSION,
        branding: {
          borderTopColour: '#1A5FB4',
          borderBottomColour: '#1A5FB4',
          backgroundColour: '#EEEEEE',
          pageColour: '#FFFDF5',
          textColour: '#111111',
          logoColour: '#1A5FB4',
          font: 1,
          borderTopVisible: true,
          borderBottomVisible: true,
          logoOption: 'text',
          logoText: 'Summer Co',
          images: { Top: null, Left: null, Banner: null, Right: null },
        },
      })
      .expect(200);
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  async function ownerPage(width = 1280) {
    const opened = await chromium.newPage({ width, height: 900 });
    await opened.context.addInitScript((session) => window.sessionStorage.setItem('fairdraw.clientSession', session), CLIENT_SESSION);
    return opened;
  }

  it('publishes the winners from the setup page, opens the public page, and unpublishes (a visitor goes home)', async () => {
    const { page } = await ownerPage();
    await page.goto(`${base}/draws/publication/${id}/?invalid_preview&returning`);
    await page.getByText('That preview link is no longer valid.', { exact: false }).waitFor();
    await page.getByText('Welcome back: your publication settings are as you left them.').waitFor();
    await page.goto(`${base}/draws/detail/${id}/`);
    await page.getByRole('link', { name: 'Publish winners' }).click();
    await page.getByRole('heading', { level: 1, name: 'Publish the winners' }).waitFor();
    // Personal data is locked; the preview says what is missing until a column is chosen.
    expect(await page.getByRole('checkbox', { name: /Email/ }).isDisabled()).toBe(true);
    await page.getByText('Select at least one column to display and ensure they are all named correctly').waitFor();
    // The server's refusal stays only until a column is ticked.
    await page.getByRole('button', { name: 'Publish the winners' }).click();
    await page.getByText('Select at least 1 column to publish.').waitFor();
    await page.getByRole('checkbox', { name: 'Full name' }).check();
    await page.getByText('Select at least 1 column to publish.').waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Published name of Full name' }).fill('Win|ner');
    expect(await page.getByRole('textbox', { name: 'Published name of Full name' }).inputValue()).toBe('Winner');
    await page.getByRole('switch', { name: 'First names only (initials after)' }).check({ force: true });
    await page.getByRole('switch', { name: 'Show the number of entries' }).check({ force: true });
    // The live preview is the public winners page in a frame (?prev=true, the config in its hash), settled 500 ms
    // after the last change. The frame takes a new hash 100 ms after it last changed and keeps the last settle marker
    // meanwhile, so what each change above shows is waited for before the marker.
    const frame = page.frameLocator('iframe[title="Preview of the public winners page"]');
    await frame.getByRole('columnheader', { name: 'Winner' }).waitFor();
    await frame
      .getByRole('cell', { name: /^Given\d+ F\.$/ })
      .first()
      .waitFor();
    await frame.getByText(/^[\d,]+ entries$/).waitFor();
    await frame.locator('[data-preview-settled=true]').waitFor();
    expect(await frame.locator('thead').textContent()).toBe('Winner');
    const firstRow = frame.locator('tbody tr').first();
    expect(await firstRow.textContent()).toMatch(/^Given\d+ F\.$/);
    await frame.getByText('Summer Co').waitFor();
    // A new column name and upper case reach the frame through its hash, each followed by a new settle marker.
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole('textbox', { name: 'Published name of Full name' }).fill('Lucky winner');
    await frame.getByRole('columnheader', { name: 'Lucky winner' }).waitFor();
    await frame.locator('[data-preview-settled=true]').waitFor();
    await page.getByRole('switch', { name: 'Upper case' }).check({ force: true });
    await frame
      .getByRole('cell', { name: /^GIVEN\d+ F\.$/ })
      .first()
      .waitFor();
    await frame.locator('[data-preview-settled=true]').waitFor();
    expect(await frame.locator('tbody td').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^GIVEN\d+ F\.$/)]));
    expect(await frame.locator('body').textContent()).not.toMatch(/@example\.com|TICKET-|Family/);
    // Only the frame's hash was replaced: no reload, and nothing added to the back button's history.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    // Back to the name the public page is checked against below; an incomplete config hides the frame again.
    await page.getByRole('switch', { name: 'Upper case' }).uncheck({ force: true });
    await page.getByRole('textbox', { name: 'Published name of Full name' }).fill('Winner');
    await frame.getByRole('columnheader', { name: 'Winner', exact: true }).waitFor();
    await frame.locator('[data-preview-settled=true]').waitFor();
    await page.getByTestId('publication-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/publication-preview.png` });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const frameUrl = await page.locator('iframe[title="Preview of the public winners page"]').evaluate((element) => (element as HTMLIFrameElement).contentWindow!.location.href);
    expect(frameUrl).toMatch(new RegExp(`/cert/${shortCode}w/\\?prev=true&fw=720&wh=480#[A-Za-z0-9_-]+$`));

    // The frame page on its own, for the owner: accessible, its branded area capped at wh and scrolling inside.
    const ownerFrame = await ownerPage(800);
    await ownerFrame.page.goto(frameUrl);
    await ownerFrame.page.getByRole('columnheader', { name: 'Winner' }).waitFor();
    await ownerFrame.page.locator('[data-preview-settled=true]').waitFor();
    expect(await ownerFrame.page.getByTestId('branded-page').evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(480);
    // The public page only: not the owner's site header with its account menu, nor the footer (issue 27).
    expect(await ownerFrame.page.locator('header, footer').count()).toBe(0);
    expect(await seriousAccessibilityViolations(ownerFrame.page)).toEqual([]);
    // Screen-share mode rules apply in the preview as on the public page: the entry count is hidden.
    await ownerFrame.page.getByText(/^[\d,]+ entries$/).waitFor();
    await ownerFrame.context.addCookies([{ name: 'screenshare', value: encodeURIComponent(JSON.stringify({ enabled: true, entryCount: false })), url: base }]);
    await ownerFrame.page.reload();
    await ownerFrame.page.getByRole('columnheader', { name: 'Winner' }).waitFor();
    await ownerFrame.page.locator('[data-preview-settled=true]').waitFor();
    expect(await ownerFrame.page.getByText(/^[\d,]+ entries$/).count()).toBe(0);
    // Anyone else opening the same preview link gets no row data: the setup endpoint answers them 404.
    const stranger = await chromium.newPage({ width: 800, height: 700 });
    await stranger.page.goto(frameUrl);
    await stranger.page.getByText('Only the owner of this draw can see this preview.', { exact: false }).waitFor();
    await stranger.page.locator('[data-preview-settled=true]').waitFor();
    expect(await stranger.page.locator('body').textContent()).not.toMatch(/Given|@example\.com|TICKET-|Family|Summer raffle/);
    expect(await stranger.page.getByRole('table').count()).toBe(0);
    expect(await seriousAccessibilityViolations(stranger.page)).toEqual([]);

    await page.getByRole('button', { name: 'Publish the winners' }).click();
    await page.getByText('The winners are published.').waitFor();
    expect(page.url()).toContain(`/draws/detail/${id}/?published=true`);

    const visitor = await chromium.newPage({ width: 360, height: 740 });
    await visitor.page.goto(`${base}/cert/${shortCode}w/`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Summer raffle' }).waitFor();
    await visitor.page.getByText('Summer Co').waitFor();
    expect(await visitor.page.getByTestId('branded-page').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(238, 238, 238)');
    const table = visitor.page.getByRole('table');
    expect(await table.locator('thead').textContent()).toBe('Winner');
    const cells = await table.locator('tbody td').allTextContents();
    expect(cells).toHaveLength(2);
    for (const cell of cells) expect(cell).toMatch(/^Given\d+ F\.$/);
    const text = (await visitor.page.locator('body').textContent()) ?? '';
    expect(text).not.toMatch(/@example\.com|TICKET-|Family/);
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAccessibilityViolations(visitor.page)).toEqual([]);

    // Screen-share mode (its cookie, as the settings page writes it) hides the entry count unless chosen.
    const entriesLine = visitor.page.getByText(/^[\d,]+ entries$/);
    await entriesLine.waitFor();
    await visitor.context.addCookies([{ name: 'screenshare', value: encodeURIComponent(JSON.stringify({ enabled: true, entryCount: false })), url: base }]);
    await visitor.page.reload();
    await visitor.page.getByRole('table').waitFor();
    expect(await entriesLine.count()).toBe(0);

    await page.goto(`${base}/draws/unpublish/${id}/`);
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('unpublished') === 'true');
    await visitor.page.reload();
    await visitor.page.getByText('The winners of this draw are not published.').waitFor();
  });

  it('says so when a prize lists the first of its winners: a draw of many prizes shows part of each', async () => {
    // 11 prizes of 1,000: 11,000 winners, more than the 10,000 a draw's view holds, so each prize lists its first 909.
    const { agent } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const prizes = Array.from({ length: 11 }, (_, i) => ({ description: `Voucher ${i + 1}`, quantity: 1_000, reserves: 0 }));
    const manyId = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Voucher drop', entriesCount: 11_000, prizes, paymentOption: 2 }))
        .expect(200)
    ).body as string;
    const many = (await agent.get('/api/draw/get/').query({ id: manyId }).expect(200)).body as { shortCode: string };
    await agent
      .post('/api/draw/publish/')
      .send({ id: manyId, published: true, columns: [0], names: ['Entry'], prizes: [0], truncated: false, upperCase: false, entries: false })
      .expect(200);
    const { page, context } = await chromium.newPage();
    await page.goto(`${base}/cert/${many.shortCode}w/`);
    await page.getByRole('heading', { level: 1, name: 'Voucher drop' }).waitFor();
    const prize = page.getByRole('region', { name: 'Voucher 1' });
    await prize.getByText('The first 909 of 1,000 winners are listed.').waitFor();
    expect(await prize.getByRole('row').count()).toBe(1 + 909);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('previews example rows before the draw, from a hash written outside the client, and follows hash changes', async () => {
    // A registered customer's draw scheduled for tomorrow: numbered entries, so the examples are entry numbers.
    const { agent, email } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const drawAt = Date.now() + 24 * 3600_000;
    const scheduledId = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Winter raffle', paymentOption: 2, scheduleOption: 1, scheduleDate: new Date(drawAt).toISOString() }))
        .expect(200)
    ).body as string;
    const scheduledCode = (await agent.get('/api/draw/get/').query({ id: scheduledId }).expect(200)).body.shortCode as string;
    const { page, context } = await chromium.newPage({ width: 900, height: 800 });
    expect((await context.request.post(`${base}/api/account/login/`, { data: { email, password: PASSWORD }, headers: { 'X-Forwarded-For': freshAddress() } })).status()).toBe(200);
    // The config as part 2 §3 names it, in the documented short keys: base64url of the JSON.
    const hashOf = (config: Record<string, unknown>) => Buffer.from(JSON.stringify({ d: scheduledId, hb: 1, ...config })).toString('base64url');
    const schedule = new Date(drawAt + 3600_000).toISOString();
    await page.goto(`${base}/cert/${scheduledCode}w/?prev=true&fw=720&wh=480#${hashOf({ c: [0], n: ['Entry'], p: [0, 1], s: schedule })}`);
    await page.getByRole('columnheader', { name: 'Entry', exact: true }).first().waitFor();
    await page.locator('[data-preview-settled=true]').waitFor();
    await page.getByText('Example rows from the entries', { exact: false }).waitFor();
    // Prize 1 has 1 winner, prize 2 three: the first entry rows, as many as each prize's winners.
    const tables = page.getByRole('table');
    expect(await tables.nth(0).locator('tbody td').allTextContents()).toEqual(['1']);
    expect(await tables.nth(1).locator('tbody td').allTextContents()).toEqual(['1', '2', '3']);
    // A new hash: a new name and one prize; then "publish now" before the draw is the spec's date message.
    await page.evaluate((hash) => (window.location.hash = hash), hashOf({ c: [0], n: ['Ticket'], p: [1], s: schedule }));
    await page.getByRole('columnheader', { name: 'Ticket' }).waitFor();
    await page.locator('[data-preview-settled=true]').waitFor();
    expect(await tables.count()).toBe(1);
    await page.evaluate((hash) => (window.location.hash = hash), hashOf({ c: [0], n: ['Ticket'], p: [1] }));
    await page.getByText('Enter a publication date in the future and after the draw date').waitFor();
    await page.locator('[data-preview-settled=true]').waitFor();
    expect(await tables.count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // An unreadable hash names no draw.
    await page.evaluate(() => (window.location.hash = 'not-a-config'));
    await page.getByText('This preview link is not valid.').waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Winter raffle');
  });

  it('tells the owner when the draw takes place while the setup page is open', async () => {
    const { agent, email } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    // Due in an hour, and drawn now by its owner once the page is open, whose clock then passes the draw's time: however
    // slow the machine, the page opens on a scheduled draw.
    const drawAt = Date.now() + 3_600_000;
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Spring raffle', paymentOption: 2, scheduleOption: 1, scheduleDate: new Date(drawAt).toISOString() }))
        .expect(200)
    ).body as string;
    const { page, context } = await chromium.newPage({ width: 900, height: 800 });
    await page.clock.install();
    expect((await context.request.post(`${base}/api/account/login/`, { data: { email, password: PASSWORD }, headers: { 'X-Forwarded-For': freshAddress() } })).status()).toBe(200);
    await page.goto(`${base}/draws/publication/${id}/`);
    await page.getByRole('form', { name: 'Publish the winners' }).waitFor();
    const alert = page.getByRole('alert').filter({ hasText: 'The draw has just taken place.' });
    // Opened before the draw: no alert yet (the page would never show it had it opened on a drawn draw).
    expect(await alert.count()).toBe(0);
    expect((await agent.get('/api/draw/get/').query({ id }).expect(200)).body.state).toBe('scheduled');
    await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(200);
    await page.clock.setSystemTime(drawAt + 5_000);
    await alert.waitFor();
    await alert.getByText('The example rows have been replaced by the real winners.').waitFor();
    const winners = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body.prizes[0].winners as { entryNumber: number }[];
    expect(winners.length).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('enables the entry check with progress to "File processed successfully." and an entrant finds their entry', async () => {
    const { page } = await ownerPage();
    // The page's clock runs as the real one, and skips the 10 s the page waits before it asks how the file is going.
    await page.clock.install();
    await page.goto(`${base}/draws/entrycheck/${id}/`);
    await page.getByRole('heading', { level: 1, name: 'Entry check' }).waitFor();
    expect(await page.getByRole('radio', { name: /Email/ }).isDisabled()).toBe(true);
    await page.getByText('Select a column to check against').waitFor();
    await page.getByRole('radio', { name: 'Ticket code' }).check();
    expect(await page.getByRole('textbox', { name: 'Name shown to entrants' }).inputValue()).toBe('Ticket code');
    await page.getByRole('switch', { name: 'Show entrants their number of entries' }).check({ force: true });
    // The live preview: the public entry check page in a frame, following the name as it is typed.
    const frame = page.frameLocator('iframe[title="Preview of the public entry check page"]');
    await frame.getByRole('textbox', { name: 'Ticket code' }).waitFor();
    await frame.locator('[data-preview-settled=true]').waitFor();
    await page.getByRole('textbox', { name: 'Name shown to entrants' }).fill('Your ticket');
    await frame.getByRole('textbox', { name: 'Your ticket' }).waitFor();
    await frame.locator('[data-preview-settled=true]').waitFor();
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('Summer raffle');
    // The public page only: not the owner's site header with its account menu, nor the footer (issue 27).
    expect(await frame.locator('header, footer').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Name shown to entrants' }).fill('');
    await page.getByText('Ensure the selected column has a name').waitFor();
    expect(await page.locator('iframe[title="Preview of the public entry check page"]').isVisible()).toBe(false);
    await page.getByRole('textbox', { name: 'Name shown to entrants' }).fill('Ticket code');
    await frame.getByRole('textbox', { name: 'Ticket code' }).waitFor();
    const frameUrl = await page.locator('iframe[title="Preview of the public entry check page"]').evaluate((element) => (element as HTMLIFrameElement).contentWindow!.location.href);
    expect(frameUrl).toMatch(new RegExp(`/cert/${shortCode}e/\\?prev=true&fw=720&eh=480#[A-Za-z0-9_-]+$`));
    const ownerFrame = await ownerPage(800);
    await ownerFrame.page.goto(frameUrl);
    await ownerFrame.page.getByRole('textbox', { name: 'Ticket code' }).waitFor();
    await ownerFrame.page.locator('[data-preview-settled=true]').waitFor();
    expect(await seriousAccessibilityViolations(ownerFrame.page)).toEqual([]);
    await page.getByTestId('entry-check-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/entry-check-preview.png` });
    const stranger = await chromium.newPage({ width: 800, height: 700 });
    await stranger.page.goto(frameUrl);
    await stranger.page.getByText('Only the owner of this draw can see this preview.', { exact: false }).waitFor();
    expect(await stranger.page.locator('body').textContent()).not.toMatch(/Summer raffle|Ticket code/);
    await stranger.page.screenshot({ path: `${SHOTS}/entry-check-preview-stranger.png` });
    await page.getByRole('button', { name: 'Enable the entry check' }).click();
    // The page asks again after 10 s, then every 2.5 s, until the job is done: once the answer to the setup is shown
    // (the file in progress, or already done), the page's clock passes the 10 s.
    await page.getByText(/^(Processing the entries file…|File processed successfully\.)$/).waitFor();
    await page.clock.fastForward(10_000);
    await page.getByText('File processed successfully.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const entrant = await chromium.newPage({ width: 360, height: 740 });
    await entrant.page.goto(`${base}/cert/${shortCode}e/`);
    await entrant.page.getByRole('heading', { level: 1, name: 'Summer raffle' }).waitFor();
    const field = entrant.page.getByRole('textbox', { name: 'Ticket code' });
    await field.fill('  ticket-1007-zx ');
    await entrant.page.getByRole('button', { name: 'Check my entry' }).click();
    await entrant.page.getByText('Your entry is in the draw').waitFor();
    expect(await entrant.page.getByRole('status').filter({ hasText: 'in the draw' }).textContent()).toContain('with 1 entry');
    await field.fill('TICKET-9999-ZX');
    await entrant.page.getByRole('button', { name: 'Check my entry' }).click();
    await entrant.page.getByText('No entry found').waitFor();
    expect(await seriousAccessibilityViolations(entrant.page)).toEqual([]);
    // Three accessibility scans and a file processed: over a minute when two test files share a loaded two-core machine.
  });
});
