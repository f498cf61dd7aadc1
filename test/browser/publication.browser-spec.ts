/// <reference lib="dom" />
import request from 'supertest';
import { freshAddress } from '../support/accounts.js';
import { launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { simpleDraw } from '../support/draws.js';
import { uploaded } from '../support/entries-files.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const CLIENT_SESSION = 'publication-tab-0123456789';

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
    // A visitor's demo draw on an uploaded file, made in the browser tab the tests use.
    const { fileName } = await uploaded(t, 'entries.csv', entriesFile(), CLIENT_SESSION);
    const agent = request(t.app.getHttpServer());
    id = (
      await agent
        .post('/api/draw/submitdraw/')
        .set('X-Forwarded-For', freshAddress())
        .send(simpleDraw({ name: 'Summer raffle', paymentOption: 4, entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession: CLIENT_SESSION, prizes: [{ description: 'Bike', quantity: 2, reserves: 0 }] }))
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
    await page.getByRole('checkbox', { name: 'Full name' }).check();
    await page.getByRole('textbox', { name: 'Published name of Full name' }).fill('Win|ner');
    expect(await page.getByRole('textbox', { name: 'Published name of Full name' }).inputValue()).toBe('Winner');
    await page.getByRole('switch', { name: 'First names only (initials after)' }).check({ force: true });
    await page.getByRole('switch', { name: 'Show the number of entries' }).check({ force: true });
    const preview = page.getByTestId('publication-preview');
    await preview.waitFor();
    expect(await preview.locator('thead').textContent()).toBe('Winner');
    expect(await preview.locator('tbody tr').first().textContent()).toMatch(/^Given\d+ F\.$/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

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
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('unpublished') === 'true');
    await visitor.page.reload();
    await visitor.page.getByText('The winners of this draw are not published.').waitFor();
  });

  it('enables the entry check with progress to "File processed successfully." and an entrant finds their entry', async () => {
    const { page } = await ownerPage();
    await page.goto(`${base}/draws/entrycheck/${id}/`);
    await page.getByRole('heading', { level: 1, name: 'Entry check' }).waitFor();
    expect(await page.getByRole('radio', { name: /Email/ }).isDisabled()).toBe(true);
    await page.getByText('Select a column to check against').waitFor();
    await page.getByRole('radio', { name: 'Ticket code' }).check();
    expect(await page.getByRole('textbox', { name: 'Name shown to entrants' }).inputValue()).toBe('Ticket code');
    await page.getByRole('switch', { name: 'Show entrants their number of entries' }).check({ force: true });
    await page.getByRole('button', { name: 'Enable the entry check' }).click();
    // The page asks again after 10 s, then every 2.5 s, until the job is done.
    await page.getByText('File processed successfully.').waitFor({ timeout: 30_000 });
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
  });
});
