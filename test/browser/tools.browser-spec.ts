/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { generateRng } from '../../src/tools/domain/rng-generation.js';
import { resultText } from '../../src/tools/domain/rng-output.js';
import { checkRngRequest, type RngRequestInput } from '#rules';
import { appHydrated, gotoUnstarted, holdBackAppStart, isHydrated, launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { type HttpStub, sendJson, startHttpStub } from '../support/http-stub.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { visitorAddress } from '../support/tools.js';

const QUANTUM_SEED = 'a1b2c3d4e5f60718';

/** What the server must answer for this request with the quantum seed: the numbers, and the files. */
function expected(input: RngRequestInput): { rows: string[]; csv: string; txt: string } {
  const verdict = checkRngRequest({ ...input, seed: QUANTUM_SEED });
  if (!verdict.ok) throw new Error(JSON.stringify(verdict.modelState));
  const result = generateRng(verdict.request);
  const rows = Array.from(result.values, (value, i) => (result.counts ? `${value} ×${result.counts[i]}` : String(value)));
  return { rows, csv: [...resultText(result, 'csv')].join(''), txt: [...resultText(result, 'txt')].join('') };
}

async function downloaded(page: Page, linkName: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: linkName }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

async function shownRows(page: Page): Promise<string[]> {
  return page
    .getByRole('region', { name: /results$/ })
    .getByRole('listitem')
    .allTextContents();
}

describe('the random number and random sequence generators in Chromium', () => {
  let t: TestApp;
  let base: string;
  let chromium: TestBrowser;
  let quantum: HttpStub;
  let quantumFails = false;

  beforeAll(async () => {
    quantum = await startHttpStub((_request, response) =>
      quantumFails ? sendJson(response, 503, { message: 'busy' }) : sendJson(response, 200, { success: true, data: [QUANTUM_SEED, 'ffff', 'ffff', 'ffff', 'ffff'] }),
    );
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', QUANTUM_SEED_URL: `${quantum.url}/API/jsonI.php` } });
    base = await t.listen();
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
    await quantum?.close();
  });

  beforeEach(() => {
    quantumFails = false;
  });

  /** A page that counts as its own visitor (the server allows one request per visitor every 5 s). */
  async function visitor(options: { width?: number; height?: number } = {}) {
    const opened = await chromium.newPage(options);
    await opened.context.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() });
    return opened;
  }

  it("on the prerendered page starts the app at the visitor's first input and keeps what they type before it runs", async () => {
    const { page, consoleErrors } = await visitor({ width: 412, height: 823 });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const hydrated = (selector: string) => isHydrated(page, selector);
    // The start's chunk is held back until the text is in: the visitor types before the app runs.
    const typed = await holdBackAppStart(page);
    await gotoUnstarted(page, base + '/random-number-generator/');
    expect(await hydrated('header')).toBe(false);
    expect(await hydrated('form')).toBe(false);
    // The first input: a tap into a field and typing.
    await page.getByLabel('How many numbers?').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('7');
    expect(await hydrated('form')).toBe(false);
    typed();
    await appHydrated(page);
    expect(await hydrated('form')).toBe(true);
    expect(await page.getByLabel('How many numbers?').inputValue()).toBe('7');
    await page.getByRole('button', { name: 'Generate numbers' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your random numbers' }).waitFor();
    expect(
      await page
        .getByRole('region', { name: /results$/ })
        .getByRole('listitem')
        .count(),
    ).toBe(7);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.context().close();

    // A first input that is a click on the form's button, before the app runs: held (the plain form is not sent, the
    // page stays), then handled by the app once it runs.
    const second = await visitor({ width: 412, height: 823 });
    const clicked = await holdBackAppStart(second.page);
    await gotoUnstarted(second.page, base + '/random-number-generator/');
    await second.page.getByRole('button', { name: 'Generate numbers' }).click();
    expect(second.page.url()).toBe(base + '/random-number-generator/');
    clicked();
    await second.page.getByRole('heading', { level: 2, name: 'Your random numbers' }).waitFor();
    expect(second.page.url()).toBe(base + '/random-number-generator/');
    expect(second.consoleErrors).toEqual([]);
    await second.page.context().close();
  });

  it('prefills the form from the query, generates with a quantum seed, shows the numbers and their chart, and downloads them', async () => {
    const { page, context, consoleErrors } = await visitor();
    await page.goto(base + '/random-number-generator/?count=500&lower=1&upper=6&group=true&sort=frequency&dir=desc');
    await page.getByRole('heading', { level: 1, name: 'Random Number Generator' }).waitFor();
    expect(await page.getByLabel('How many numbers?').inputValue()).toBe('500');
    expect(await page.getByLabel('Lowest number').inputValue()).toBe('1');
    expect(await page.getByLabel('Highest number').inputValue()).toBe('6');
    expect(await page.getByLabel('Group identical numbers, with how often each came up').isChecked()).toBe(true);
    expect(await page.getByLabel('By frequency (grouped numbers)').isChecked()).toBe(true);
    expect(await page.getByLabel('Most frequent first').isChecked()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Generate numbers' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your random numbers' }).waitFor();
    await page.getByText(QUANTUM_SEED, { exact: true }).waitFor();
    await page.getByText('Quantum seed', { exact: true }).waitFor();
    const request = { count: '500', lowerLimit: '1', upperLimit: '6', groupingOption: true, orderingOption: 2, orderingDirection: 1 };
    const want = expected(request);
    expect(await shownRows(page)).toEqual(want.rows);

    const chart = page.getByRole('img', { name: /^Bar chart of how the 500 numbers spread over 6 values from 1 to 6/ });
    await chart.waitFor();
    expect(await chart.locator('rect').count()).toBe(6);

    const csv = await downloaded(page, 'Download CSV');
    expect(csv.name).toMatch(/^random-numbers-[0-9a-f]{32}\.csv$/);
    expect(csv.text).toBe(want.csv);
    const txt = await downloaded(page, 'Download TXT');
    expect(txt.name).toBe(csv.name.replace(/\.csv$/, '.txt'));
    expect(txt.text).toBe(want.txt);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A second request within 5 s: the modal explains the wait, and no quantum seed is fetched. The checks above can
    // outlast 5 s on a busy machine (and with them the page's own guard), so the server's windows are set to end 5 s
    // from now: the server refuses, which the browser logs as a failed resource, and the page shows the same modal.
    await t.query("UPDATE rate_limit SET expire = $1 WHERE key LIKE 'tools-generate%' OR key LIKE 'tools-seed%'", [Date.now() + 5_000]);
    const seedRequests = quantum.requests.length;
    await page.getByRole('button', { name: 'Generate again with a new seed' }).click();
    const modal = page.getByRole('dialog', { name: 'One moment, please' });
    await modal.waitFor();
    await modal.getByText(/Please wait [1-5] seconds? and try again\./).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(quantum.requests.length).toBe(seedRequests);
    expect(consoleErrors.filter((message) => !message.includes('status of 429 (Too Many Requests)'))).toEqual([]);
    await context.close();
  });

  it('generates a million unique numbers over the whole range: a preview, the full chart and a 1,000,000-row file', async () => {
    const { page, context } = await visitor();
    await page.goto(base + '/random-number-generator/?count=1000000&lower=0&upper=999999999999999999&unique=true');
    await page.getByRole('button', { name: 'Generate numbers' }).click();
    await page.getByText('Showing the first 1,000 of 1,000,000 numbers. Download the file for all of them.').waitFor();
    expect(await shownRows(page)).toHaveLength(1000);
    expect(
      await page
        .getByRole('img', { name: /^Bar chart of how the 1,000,000 numbers spread over 20 equal ranges from 0 to 999,999,999,999,999,999/ })
        .locator('rect')
        .count(),
    ).toBe(20);
    const txt = await downloaded(page, 'Download TXT');
    const lines = txt.text.trimEnd().split('\n');
    expect(lines).toHaveLength(1_000_000);
    expect(lines.slice(0, 1000)).toEqual(await shownRows(page));
    expect(new Set(lines).size).toBe(1_000_000);
    await context.close();
  });

  it("shows the spec's messages under the fields before sending, and resets frequency order to random", async () => {
    const { page, context } = await visitor();
    const seedRequests = quantum.requests.length;
    await page.goto(base + '/random-number-generator/?count=0&lower=50&upper=40');
    await page.getByRole('button', { name: 'Generate numbers' }).click();
    await page.getByText('Please enter a valid count (1 to 1,000,000).').waitFor();
    await page.getByText('The upper limit must be higher than the lower limit.').waitFor();
    expect(await page.getByLabel('How many numbers?').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Highest number').fill('1000000000000000000');
    await page.getByLabel('How many numbers?').fill('3');
    await page.getByLabel('My own seed, to repeat or verify a result').check();
    await page.getByLabel('Your seed').fill('abc');
    await page.getByRole('button', { name: 'Generate numbers' }).click();
    await page.getByText('Please enter a valid upper limit (10¹⁸ maximum).').waitFor();
    await page.getByText('Please enter a valid seed (4 to 100 characters).').waitFor();
    expect(quantum.requests.length).toBe(seedRequests);

    await page.getByLabel('Group identical numbers, with how often each came up').check();
    await page.getByLabel('By frequency (grouped numbers)').check();
    await page.getByLabel('Unique numbers (no number twice)').check();
    expect(await page.getByLabel('Random (as drawn)').isChecked()).toBe(true);
    expect(await page.getByLabel('By frequency (grouped numbers)').isDisabled()).toBe(true);
    await context.close();
  });

  it('generates a sequence from the query, copies it and downloads it; an own seed repeats it', async () => {
    const { page, context } = await visitor();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.goto(base + '/random-sequence-generator/?lower=1&upper=20');
    await page.getByRole('heading', { level: 1, name: 'Random Sequence Generator' }).waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('20');
    await page.getByRole('button', { name: 'Generate sequence' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your random sequence' }).waitFor();
    const want = expected({ mode: 'sequence', lowerLimit: '1', upperLimit: '20' });
    const rows = await shownRows(page);
    expect(rows).toEqual(want.rows);
    expect([...rows].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(await page.getByRole('img').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Copy the numbers' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rows.join('\n'));
    const txt = await downloaded(page, 'Download TXT');
    expect(txt.name).toMatch(/^random-sequence-[0-9a-f]{32}\.txt$/);
    expect(txt.text).toBe(want.txt);

    // Reuse the seed: the form comes back with it as the visitor's own.
    await page.getByRole('button', { name: 'Reuse this seed' }).click();
    expect(await page.getByLabel('Your seed').inputValue()).toBe(QUANTUM_SEED);
    expect(await page.getByLabel('My own seed, to repeat or verify a result').isChecked()).toBe(true);

    // Five seconds later (the server's window is made to pass and the page reloaded, rather than waited for),
    // the same seed gives the same sequence.
    await t.query("UPDATE rate_limit SET expire = $1 WHERE key LIKE 'tools-%'", [Date.now() - 1]);
    await page.reload();
    await page.getByLabel('My own seed, to repeat or verify a result').check();
    await page.getByLabel('Your seed').fill(QUANTUM_SEED);
    await page.getByRole('button', { name: 'Generate sequence' }).click();
    // The results' heading (the form's own "Your seed" label is there before any result).
    await page.getByRole('heading', { level: 2, name: 'Your random sequence' }).waitFor();
    await page.getByText('Your seed', { exact: true }).waitFor();
    expect(await shownRows(page)).toEqual(rows);
    await context.close();
  });

  it('falls back to a local seed, marked *, from the server when the quantum service fails and from the browser when the server cannot be reached', async () => {
    quantumFails = true;
    const { page, context } = await visitor();
    await page.goto(base + '/random-sequence-generator/?lower=1&upper=5');
    await page.getByRole('button', { name: 'Generate sequence' }).click();
    await page.getByText('Local seed', { exact: true }).waitFor();
    const serverSeed = await page.locator('code').textContent();
    expect(serverSeed).toMatch(/^[0-9a-f]{15}\*$/);
    // The badge that marks the seed reads as well as the rest of the result.
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();

    const second = await visitor();
    await second.page.route('**/api/tools/seed', (route) => route.abort());
    await second.page.goto(base + '/random-sequence-generator/?lower=1&upper=5');
    await second.page.getByRole('button', { name: 'Generate sequence' }).click();
    await second.page.getByText('Local seed', { exact: true }).waitFor();
    const browserSeed = await second.page.locator('code').textContent();
    expect(browserSeed).toMatch(/^[0-9a-f]{15}\*$/);
    expect(browserSeed).not.toBe(serverSeed);
    await second.context.close();
  });

  it('works at 360 px and from the keyboard', async () => {
    const { page, context } = await visitor({ width: 360, height: 740 });
    await page.goto(base + '/random-number-generator/?count=12&lower=1&upper=1000');
    await page.getByLabel('How many numbers?').focus();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Your random numbers' }).waitFor();
    // Focus moves to the result, so the keyboard carries on from there.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Your random numbers');
    expect(await shownRows(page)).toHaveLength(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the generator when the human check fails', () => {
  let stub: HttpStub;
  let t: TestApp;
  let chromium: TestBrowser;

  beforeAll(async () => {
    stub = await startHttpStub((_request, response) => sendJson(response, 200, { success: false }));
    t = await createTestApp({ env: { RECAPTCHA_SECRET_KEY: 'server-secret', RECAPTCHA_VERIFY_URL: `${stub.url}/siteverify` } });
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
    await stub?.close();
  });

  it("shows the alert 'An error occurred. Please try again.' and keeps the form", async () => {
    const base = await t.listen();
    const { page, context } = await chromium.newPage();
    await page.goto(base + '/random-number-generator/?count=3');
    await page.getByLabel('My own seed, to repeat or verify a result').check();
    await page.getByLabel('Your seed').fill('my own seed');
    await page.getByRole('button', { name: 'Generate numbers' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'An error occurred. Please try again.' });
    await alert.waitFor();
    expect(await page.getByLabel('How many numbers?').inputValue()).toBe('3');
    expect(await page.getByLabel('Your seed').inputValue()).toBe('my own seed');

    // The server did not count the refused request, so trying again at once is no "too frequent".
    const [retry] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/tools/GenerateRandomNumbers')),
      page.getByRole('button', { name: 'Generate numbers' }).click(),
    ]);
    expect(retry.status()).toBe(400);
    await alert.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
