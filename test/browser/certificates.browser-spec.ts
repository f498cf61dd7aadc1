/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import request from 'supertest';
import { customerInBrowser } from '../support/browser-draws.js';
import { holdRequests, launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { registeredUser } from '../support/accounts.js';
import { simpleDraw } from '../support/draws.js';
import { uploaded } from '../support/entries-files.js';
import { solidPng } from '../support/images.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Pages rendered for a person to look at (dist/ is a build folder, never committed). */
const SHOTS = resolve('dist/screenshots');

function entriesFile(rows: number): string {
  const lines = ['email,tickets,member'];
  for (let i = 1; i <= rows; i++) lines.push(`p${i}@example.com,${(i % 4) + 1},M${Math.ceil(i / 3)}`);
  return lines.join('\n') + '\n';
}

describe('the public certificate page in Chromium', () => {
  let t: TestApp;
  let base: string;
  let chromium: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    base = await t.listen();
    chromium = await launchBrowser();
    await mkdir(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  it('shows the branded certificate and checks the visitor’s file in the browser: match, then a changed row is a mismatch', async () => {
    const { page, context } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    const file = entriesFile(90);
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', file);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(
          simpleDraw({
            name: 'Winter raffle',
            entryMethod: 'uploadAdvanced',
            entriesCount: undefined,
            fileName,
            headerRowsIncluded: true,
            entryCountColumn: 1,
            entrantUniqueIdColumn: 2,
            oneWinPerEntrant: true,
            clientSession,
            prizes: [{ description: 'Hamper', quantity: 3, reserves: 1 }],
          }),
        )
        .expect(200)
    ).body as string;
    const logo = (
      await agent
        .post('/api/upload/branding')
        .attach('file', solidPng(160, 50, [26, 95, 180]), { filename: 'logo.png', contentType: 'image/png' })
        .expect(201)
    ).body;
    await agent
      .post('/api/draw/branding')
      .send({
        drawId: id,
        branding: {
          borderTopColour: '#1A5FB4',
          borderBottomColour: '#26A269',
          backgroundColour: '#F6F5F4',
          pageColour: '#FFFFF0',
          textColour: '#241F31',
          logoColour: '#1A5FB4',
          font: 1,
          borderTopVisible: true,
          borderBottomVisible: true,
          logoOption: 'image',
          logoText: '',
          images: { Top: { fileName: 'logo.png', serverFileName: logo.serverFileName } },
        },
      })
      .expect(200);
    const cert = (await request(t.app.getHttpServer()).get(`/api/draw/get/`).query({ id })).body;
    const shortCode = cert.shortCode as string;

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${base}/cert/${shortCode}/`);
    await page.getByRole('heading', { level: 1, name: 'Certificate of random draw' }).waitFor();
    await page.getByText('Winter raffle').waitFor();
    expect(await page.getByTestId('winners-0').textContent()).toMatch(/^Winners: \d+, \d+, \d+; reserves: \d+$/);
    await page.getByRole('img', { name: 'Acme Pty Ltd logo' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.content()).not.toContain('p1@example.com');
    await page.screenshot({ path: `${SHOTS}/certificate-360.png`, fullPage: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    const fileInput = page.locator('input[type=file]');
    await fileInput.setInputFiles({ name: 'entries.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Check the draw' }).click();
    await page.getByText('Match: the draw is verified.').waitFor();
    expect(await page.locator('[data-ok=false]').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/certificate-check-match.png`, fullPage: true });

    const changed = file.replace('p1@example.com,2,M1', 'p1@example.com,4,M1');
    await fileInput.setInputFiles({ name: 'entries.csv', mimeType: 'text/csv', buffer: Buffer.from(changed) });
    await page.getByRole('button', { name: 'Check the draw' }).click();
    await page.getByText('Mismatch: this does not reproduce the certificate.').waitFor();
    await page.getByText('Mismatch — Entries file SHA-256:').waitFor();
    await page.screenshot({ path: `${SHOTS}/certificate-check-mismatch.png`, fullPage: true });

    // The beacon: its statement, and the check of the server seed and the round's signature, each refused when altered.
    expect(await page.getByTestId('beacon-statement').textContent()).toContain("round of FairDraw's own beacon".replace('round of', `round ${cert.beacon.round} of`));
    await fileInput.setInputFiles({ name: 'entries.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    const serverSeed = page.getByLabel('Server seed');
    const signature = page.getByLabel('Beacon signature');
    expect(await serverSeed.inputValue()).toBe(cert.serverSeed);
    expect(await signature.inputValue()).toBe(cert.beacon.signature);
    await page.getByRole('button', { name: 'Check the draw' }).click();
    await page.getByText('Match: the draw is verified.').waitFor();
    await page.getByText('OK — Beacon signature:').waitFor();
    await serverSeed.fill(`${cert.serverSeed.slice(0, 63)}${cert.serverSeed.endsWith('0') ? '1' : '0'}`);
    await page.getByRole('button', { name: 'Check the draw' }).click();
    await page.getByText('Mismatch: this does not reproduce the certificate.').waitFor();
    await page.getByText('Mismatch — Server seed commitment:').waitFor();
    await serverSeed.fill(cert.serverSeed);
    await signature.fill(`${cert.beacon.signature.slice(0, 90)}${cert.beacon.signature.slice(90) === '000000' ? '111111' : '000000'}`);
    await page.getByRole('button', { name: 'Check the draw' }).click();
    await page.getByText('Mismatch — Beacon signature:').waitFor();
    expect(await page.getByText('OK — Server seed commitment:').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The x form: the same certificate without the winners; w and e belong to the publication pages.
    await page.goto(`${base}/cert/${shortCode}x/`);
    await page.getByRole('heading', { level: 1, name: 'Certificate of random draw' }).waitFor();
    expect(await page.getByTestId('winners-0').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto(`${base}/cert/${shortCode.toLowerCase()}/`);
    await page.getByRole('heading', { level: 1, name: 'This page does not exist' }).waitFor();

    // The preview frame: the branding in the hash, settled after 500 ms.
    await page.goto(`${base}/cert/${shortCode}/?prev=true&fw=700#${Buffer.from(JSON.stringify({ g: '003366', p: 'FFEEDD', lo: 'text', lt: 'Preview Co' })).toString('base64url')}`);
    await page.locator('[data-preview-settled=true]').waitFor();
    await page.getByText('Preview Co').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/certificate-preview.png`, fullPage: true });
    await page.evaluate(() => (window.location.hash = btoa(JSON.stringify({ lo: 'text', lt: 'Changed Co' })).replace(/=+$/, '')));
    await page.getByText('Changed Co').waitFor();
    await page.locator('[data-preview-settled=true]').waitFor();
  });

  it('arrives rendered by the server with its certificate and hydrates it: no mismatch, no fetch of the data, interactive', async () => {
    const { agent } = await registeredUser(t.app);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Autumn draw', entriesCount: 1000 }))
        .expect(200)
    ).body as string;
    const { shortCode } = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    const { page, consoleErrors } = await chromium.newPage({ width: 360, height: 800 });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const certificateReads: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes(`/api/certificate/${shortCode}`)) certificateReads.push(sent.url());
    });
    // The server's heading, marked before the app starts: hydration keeps the server's nodes, a mismatch replaces them.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.querySelector('#root[data-prerendered] h1');
        if (heading) (heading as HTMLElement & { fromServer?: boolean }).fromServer = true;
      }),
    );

    const response = await page.goto(`${base}/cert/${shortCode}/`);
    const served = await response!.text();
    expect(served).toContain('Winners: ');
    expect(served).toContain('1,000 numbered entries');
    expect(await page.evaluate(() => (document.querySelector('h1') as HTMLElement & { fromServer?: boolean }).fromServer)).toBe(true);
    expect(await page.title()).toBe('Certificate of Autumn draw | FairDraw™');
    expect(await page.getByTestId('winners-0').textContent()).toMatch(/^Winners: \d+; reserves: \d+$/);

    await page.getByRole('button', { name: 'Check the draw' }).click();
    await page.getByText('Match: the draw is verified.').waitFor();
    expect(certificateReads).toEqual([]);
    expect([...consoleErrors, ...pageErrors]).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('writes a moment in one format per country site: the draw page and the certificate agree, UK and US (issue 27)', async () => {
    const { page, context } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Dated draw', entriesCount: 50 }))
        .expect(200)
    ).body as string;
    const { shortCode } = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    const drawn = async (site: string) => {
      await page.goto(`${base}/${site}/draws/detail/${id}/`);
      const onDrawPage = (await page.getByText(/^Drawn on /).innerText()).replace(/^Drawn on /, '').replace(/ \(Australia\/Sydney\)$/, '');
      await page.goto(`${base}/${site}/cert/${shortCode}/`);
      const onCertificate = (
        await page
          .locator('dt', { hasText: /^Drawn$/ })
          .locator('xpath=following-sibling::dd')
          .innerText()
      ).replace(/ \(Australia\/Sydney\)$/, '');
      expect(onCertificate).toBe(onDrawPage);
      return onDrawPage.replace(/\s/g, ' ');
    };
    // Day month year and a 24-hour clock in the UK; month day, year and AM/PM in the US.
    expect(await drawn('uk')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}$/);
    expect(await drawn('us')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/);
    await context.close();
  });

  it('applies the preview parameters for the draw’s owner only, marked as a preview; anyone else sees a notice, never the certificate', async () => {
    const owner = await chromium.newPage({ width: 900, height: 900 });
    const { agent } = await customerInBrowser(t, owner.context, base);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Summer raffle' }))
        .expect(200)
    ).body as string;
    const shortCode = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode as string;
    const spoofed = Buffer.from(JSON.stringify({ g: 'FF0000', p: 'FFFF00', lo: 'text', lt: 'OFFICIAL WINNER: MALLORY' })).toString('base64url');
    const link = `${base}/cert/${shortCode}/?prev=true&fw=720#${spoofed}`;

    // Someone else, signed in or not, opening the link: a notice in the default colours, nothing of the hash or the certificate.
    const stranger = await chromium.newPage({ width: 900, height: 900 });
    await customerInBrowser(t, stranger.context, base, { credits: false });
    const visitor = await chromium.newPage({ width: 900, height: 900 });
    for (const { page } of [stranger, visitor]) {
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Certificate preview' }).waitFor();
      await page.getByText('Only the owner of this draw can see this preview.', { exact: false }).waitFor();
      await page.locator('[data-preview-settled=true]').waitFor();
      expect(await page.getByText('OFFICIAL WINNER: MALLORY').count()).toBe(0);
      expect(await page.getByText('Summer raffle').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Certificate of random draw' }).count()).toBe(0);
      if (page === visitor.page) expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // Without prev, the page is the certificate itself: the hash and the width are not applied.
      await page.goto(`${base}/cert/${shortCode}/?fw=720#${spoofed}`);
      await page.getByRole('heading', { level: 1, name: 'Certificate of random draw' }).waitFor();
      expect(await page.getByText('OFFICIAL WINNER: MALLORY').count()).toBe(0);
      expect(await page.getByTestId('certificate-preview-mark').count()).toBe(0);
    }

    // The owner gets the preview, its branding from the hash, marked as a preview above it.
    await owner.page.goto(link);
    await owner.page.getByText('OFFICIAL WINNER: MALLORY').waitFor();
    await owner.page.locator('[data-preview-settled=true]').waitFor();
    expect(await owner.page.getByTestId('certificate-preview-mark').textContent()).toBe('Preview of your branding — not the certificate. Only you see this page.');
    expect(await owner.page.getByRole('link', { name: 'Download the certificate (PDF)' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(owner.page)).toEqual([]);
    for (const { context } of [owner, stranger, visitor]) await context.close();
  });

  it('brands the certificate from the draw page: contrast warning, refused and accepted images, preview frame, saved', async () => {
    const { page, context } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Branded draw' }))
        .expect(200)
    ).body as string;
    const shortCode = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode as string;
    await page.goto(`${base}/draws/detail/${id}/`);
    await page.getByRole('heading', { level: 2, name: 'Certificate' }).waitFor();
    await page.getByRole('button', { name: 'Brand the certificate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Certificate branding' });
    await dialog.waitFor();

    const text = dialog.getByLabel('Text colour');
    await text.fill('#999999');
    await dialog.getByText(/The text colour has a contrast of 2\.85:1 against the page colour, below 4\.5:1/).waitFor();
    await text.fill('#1A1A1A');
    await dialog.getByText('Contrast warning').waitFor({ state: 'detached' });

    // A refused save says why, at its field: a text logo needs its text, an image logo its Top image.
    await dialog.getByText('Text', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save branding' }).click();
    await dialog.getByText('Enter the logo text, or choose another logo option.').waitFor();
    expect(await dialog.getByLabel('Logo text').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText('Image', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save branding' }).click();
    await dialog.getByText('Upload the logo image (the Top image), or choose another logo option.').waitFor();
    await dialog.getByText('None', { exact: true }).click();

    const topInput = dialog.locator('input[type=file]').first();
    await topInput.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>') });
    await page.getByText('Upload failed: SVG images are not accepted (they can carry scripts): upload a PNG or JPEG image.').waitFor();
    // Chosen from the keyboard, the field keeps the focus while the image goes up and after (disabled, it lost it).
    const uploads = await holdRequests(page, /\/api\/upload\/branding\/?$/);
    const topField = dialog.getByRole('button', { name: /^Top image/ });
    const topHasFocus = () => topField.evaluate((field) => field === document.activeElement);
    // Asked for before the focus: Playwright starts catching file choosers with the first wait, a step behind an
    // Enter pressed at once.
    const chooser = page.waitForEvent('filechooser');
    await topField.focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(160, 50, [192, 28, 40]) });
    await page.waitForFunction((field) => (field as HTMLButtonElement).disabled || field?.getAttribute('aria-busy') === 'true', await topField.elementHandle());
    expect(await topHasFocus()).toBe(true);
    uploads.release();
    await dialog.getByText('New: logo.png (saved with the branding)').waitFor();
    expect(await topHasFocus()).toBe(true);
    expect(uploads.sent()).toBe(1);
    await dialog.getByText('Image', { exact: true }).click();
    await dialog.getByLabel('Font').click();
    await page.getByRole('option', { name: 'Bebas Neue' }).click();
    await dialog.getByLabel('Background colour').fill('#203040');

    const frame = page.frameLocator('iframe[title="Certificate preview"]');
    await frame.locator('[data-preview-settled=true]').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('The certificate shows your branding.').waitFor();
    await dialog.getByText('Current: logo.png').waitFor();
    await frame.getByRole('img', { name: 'Acme Pty Ltd logo' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/branding-editor.png`, fullPage: true });

    const saved = (await request(t.app.getHttpServer()).get(`/api/certificate/${shortCode}/branding`).expect(200)).body;
    expect(saved.branding).toMatchObject({ textColour: '#1A1A1A', backgroundColour: '#203040', font: 2, logoOption: 'image', images: { Top: { fileName: 'logo.png', extension: 'png' } } });
  });
});
