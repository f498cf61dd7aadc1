import { decodeEntry } from '#transparency-log';
import { registeredUser } from '../support/accounts.js';
import { launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { simpleDraw } from '../support/draws.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('the public draw log in Chromium', () => {
  let t: TestApp;
  let base: string;
  let chromium: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    base = await t.listen();
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  it('the certificate’s check passes the log proofs, fails on a changed entry, and /log/ shows the head and entries', async () => {
    const { agent } = await registeredUser(t.app);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Logged draw', entriesCount: 300 }))
        .expect(200)
    ).body as string;
    const { shortCode } = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    const certificate = (await agent.get(`/api/certificate/${shortCode}`).expect(200)).body;
    const drawn = (certificate.log.entries as { entry: string }[]).map((e) => decodeEntry(e.entry)!).find((e) => e.kind === 'drawn')!;
    const digest = (drawn as { resultsSha256: string }).resultsSha256;

    const { page } = await chromium.newPage({ width: 1280, height: 900 });
    await page.goto(`${base}/cert/${shortCode}/`);
    expect(await page.getByTestId('log-positions').textContent()).toMatch(/^#\d+ committed, #\d+ drawn \(of \d+ entries in the signed head\)$/);
    await page.getByRole('button', { name: 'Check the draw' }).click();
    await page.getByText('Match: the draw is verified.').waitFor();
    await page.getByText('OK — Log inclusion proofs:').waitFor();
    await page.getByText('OK — Log history:').waitFor();

    // The same page served with the drawn entry's results digest changed: its proof no longer leads to the signed root.
    const changed = `${digest[0] === '0' ? '1' : '0'}${digest.slice(1)}`;
    await page.route(`${base}/cert/${shortCode}/`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain(digest);
      await route.fulfill({ response, body: html.replaceAll(digest, changed) });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Check the draw' }).click();
    await page.getByText('Mismatch: this does not reproduce the certificate.').waitFor();
    await page.getByText('Mismatch — Log inclusion proofs:').waitFor();

    await page.goto(`${base}/log/`);
    await page.getByRole('heading', { level: 1, name: 'Public draw log' }).waitFor();
    await page
      .getByTestId('log-head')
      .getByText(/Entries: \d+/)
      .waitFor();
    await page.getByRole('link', { name: shortCode }).waitFor();
    await page.getByText('npm run log:monitor -- --url').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
