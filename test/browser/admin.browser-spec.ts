/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import request from 'supertest';
import { freshAddress, registration } from '../support/accounts.js';
import { holdRequests, launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { logInBrowser } from '../support/browser-session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('admin console in Chromium', () => {
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

  const register = (overrides: Record<string, unknown>) =>
    request(t.app.getHttpServer()).post('/api/account/register/').set('X-Forwarded-For', freshAddress()).send(registration(overrides)).expect(200);
  const textOf = (page: Page, testId: string, text: string) =>
    page.waitForFunction(([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected, [testId, text] as const);
  const rowCount = (page: Page, count: number) => page.waitForFunction((expected) => document.querySelectorAll('[data-testid="customer-row"]').length === expected, count);

  it('an administrator finds a customer, adds a trial pack, changes the e-mail; the customer sees the credits', async () => {
    const tag = `shopper${Date.now().toString(36)}`;
    const customerEmail = `${tag}-one@example.com`;
    const newEmail = `${tag}-renamed@example.com`;

    const shopper = await chromium.newPage();
    await logInBrowser(t, shopper.context, base, { email: customerEmail, firstName: 'Sam', lastName: 'Shopper' });
    await shopper.page.goto(base + '/admin/');
    await shopper.page.getByText('This area is for administrators.').waitFor();

    const { page, context, consoleErrors } = await chromium.newPage();
    const { email: adminEmail } = await logInBrowser(t, context, base, { firstName: 'Ada', lastName: 'Admin' });
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [adminEmail]);
    // The console's timers (5 s and 10 s refreshes, 700 ms debounce) are driven by the test, not waited for.
    await page.clock.install();
    await page.goto(base + '/admin/');
    await page.getByRole('heading', { level: 1, name: 'Admin console' }).waitFor();
    await textOf(page, 'summary-customers', '2');
    // The console has the rest of the site's page margins: its container lines up with the header's (issue 27).
    const box = async (selector: string) => {
      const found = await page.locator(selector).first().boundingBox();
      return found && { x: Math.round(found.x), width: Math.round(found.width) };
    };
    expect(await box('main .mantine-Container-root:has(h1)')).toEqual(await box('header .mantine-Container-root'));

    // Find the customer: the list asks once the typing has paused for 700 ms, not before. Time stands still while
    // the test types, and each request records the page's clock when it is sent.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const typedAt = await page.evaluate(() => {
      const sent: [string, number][] = [];
      (window as unknown as { sentRequests: typeof sent }).sentRequests = sent;
      const originalFetch = window.fetch;
      window.fetch = (input, init) => {
        sent.push([input instanceof Request ? input.url : String(input), Date.now()]);
        return originalFetch(input, init);
      };
      return Date.now();
    });
    await page.getByLabel('Search by e-mail').fill(tag.toUpperCase());
    // In steps, letting React render between them (its scheduler runs on message events, which the clock leaves
    // alone), so a request sent too early carries an earlier time.
    for (let elapsed = 0; elapsed < 700; elapsed += 50) {
      await page.clock.runFor(50);
      await page.evaluate(async () => {
        for (let hop = 0; hop < 3; hop++) {
          await new Promise<void>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          });
        }
      });
    }
    // Time flows again: the page's waits poll on animation frames, which a paused clock holds back.
    await page.clock.resume();
    await rowCount(page, 1);
    const searches = await page.evaluate(
      (searched) => (window as unknown as { sentRequests: [string, number][] }).sentRequests.filter(([url]) => url.includes('/api/admin/customers') && url.toLowerCase().includes(searched)),
      tag,
    );
    expect(searches.length).toBeGreaterThanOrEqual(1);
    expect(searches[0][1] - typedAt).toBeGreaterThanOrEqual(700);
    const row = page.getByTestId('customer-row');
    await row.getByText(customerEmail).waitFor();
    expect(await row.getByRole('link', { name: `Draws of ${customerEmail}` }).getAttribute('href')).toMatch(/^\/draws\/\?user_id=[0-9a-f-]{36}$/);

    // Add trial credits with the shortcut.
    await page.getByRole('button', { name: `Credits of ${customerEmail}` }).click();
    const credits = page.getByRole('dialog', { name: `Credits of ${customerEmail}` });
    await credits.getByText('No credit packs yet.').waitFor();
    await credits.getByLabel('Trial credits (expire in one month)').check();
    expect(await credits.getByLabel('Note', { exact: true }).inputValue()).toBe('Trial credits');
    const expiry = await credits.getByLabel('Expiry date', { exact: true }).inputValue();
    const days = (Date.parse(`${expiry}T00:00:00`) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(26);
    expect(days).toBeLessThan(32);
    expect(await credits.getByLabel('Also give every other pack of this customer this expiry date').isDisabled()).toBe(true);
    // Amounts out of range are refused with the spec's message and grant nothing, never changed silently (issue 27).
    for (const amount of ['0', '101']) {
      await credits.getByRole('textbox', { name: /^Credits/ }).fill(amount);
      await credits.getByRole('button', { name: 'Add credits' }).click();
      await credits.getByText('Please enter a valid amount between 1 and 100.').waitFor();
      expect(await credits.getByRole('textbox', { name: /^Credits/ }).inputValue()).toBe(amount);
    }
    await credits.getByText('No credit packs yet.').waitFor();
    await credits.getByRole('textbox', { name: /^Credits/ }).fill('3');
    await credits.getByRole('button', { name: 'Add credits' }).click();
    await page.getByText(`3 trial credits added to ${customerEmail}.`).waitFor();
    await textOf(page, 'admin-unused-credits', '3');
    await credits.getByTestId('credit-pack').getByText('Trial', { exact: true }).waitFor();

    // Deleting asks first; keeping the pack changes nothing.
    await credits.getByRole('button', { name: /^Delete the trial pack of 3 credits/ }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete this pack?' });
    await confirmDelete.getByText(`The 3 credits of this pack`).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await confirmDelete.getByRole('button', { name: 'Keep it' }).click();
    await confirmDelete.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await credits.waitFor({ state: 'hidden' });

    // Change the e-mail, after a confirmation.
    await page.getByRole('button', { name: `Change e-mail of ${customerEmail}` }).click();
    const change = page.getByRole('dialog', { name: `Change the e-mail of ${customerEmail}` });
    await change.getByText('The address has never been changed.').waitFor();
    await change.getByLabel('New e-mail address').fill(newEmail);
    await change.getByRole('button', { name: 'Change e-mail' }).click();
    const confirmChange = page.getByRole('dialog', { name: 'Change this e-mail address?' });
    await confirmChange.getByText(`${customerEmail} will be changed to ${newEmail}.`).waitFor();
    await confirmChange.getByRole('button', { name: 'Yes, change it' }).click();
    await page.getByText(`The account now uses ${newEmail}.`, { exact: false }).waitFor();
    await change.waitFor({ state: 'hidden' });
    await row.getByText(newEmail).waitFor();
    await page.getByRole('button', { name: `Change e-mail of ${newEmail}` }).click();
    const again = page.getByRole('dialog', { name: `Change the e-mail of ${newEmail}` });
    const history = again.getByTestId('email-history-row');
    await history.getByText(customerEmail).waitFor();
    expect(await history.textContent()).toContain(adminEmail);
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    // The dialog hides at once, but its overlay fades out over the page for a moment and takes the clicks meanwhile.
    await page.waitForFunction(() => !document.querySelector('.mantine-Modal-overlay'));

    // API access, granted from the list.
    // The switch shows the server's state, so it turns on once the change is made.
    // Mantine draws the switch's track over its input, so the click lands on the track as a person's would.
    await row.getByRole('switch', { name: `API access for ${newEmail}` }).click({ force: true });
    await page.getByText('API access granted').waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="customer-row"] [role="switch"]')?.checked === true);

    // The audit log lists the actions.
    const audit = page.getByTestId('audit-row');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-row"]').length >= 5);
    expect(await audit.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Changed API access'), expect.stringContaining(`${customerEmail} → ${newEmail}`), expect.stringContaining('Added credits3 trial credits')]),
    );
    // Adding the pack answered the credits: the console did not ask for them (an audited look) a second time.
    expect((await audit.allTextContents()).filter((text) => text.includes('Viewed the credits'))).toHaveLength(1);

    // Someone signs up elsewhere: the statistics show it within their 5 s refresh, the list within its 10 s one.
    await register({ email: `${tag}-two@example.com` });
    await page.clock.fastForward(5_000);
    await textOf(page, 'summary-customers', '3');
    await page.clock.fastForward(5_000);
    await rowCount(page, 2);

    // At 360 px the console fits: tables scroll inside their frames, the page itself does not.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 360);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);

    // The customer, still logged in, sees the credits and the new address.
    await shopper.page.goto(base + '/account/edit/');
    await textOf(shopper.page, 'unused-credits', '3');
    await shopper.page.getByText(newEmail).first().waitFor();
    // A long journey through two browsers: on a loaded 2-core machine it has run past the default 60 s limit.
  });

  it('keeps the focus on a busy API access switch from the keyboard, during and after, and changes it once', async () => {
    const customerEmail = `switch${Date.now().toString(36)}@example.com`;
    await register({ email: customerEmail });
    const { page, context } = await chromium.newPage();
    const { email: adminEmail } = await logInBrowser(t, context, base, { firstName: 'Ada', lastName: 'Admin' });
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [adminEmail]);
    const changes = await holdRequests(page, /\/api\/admin\/setApiEnabled\/?$/);
    await page.goto(base + '/admin/');
    await page.getByLabel('Search by e-mail').fill(customerEmail);
    await rowCount(page, 1);
    const toggle = page.getByRole('switch', { name: `API access for ${customerEmail}` });
    const toggleHasFocus = () => toggle.evaluate((input) => input === document.activeElement);
    const apiEnabled = async () => (await t.query('SELECT api_enabled FROM users WHERE email = $1', [customerEmail]))[0].api_enabled;

    await toggle.focus();
    await page.keyboard.press('Space');
    // Busy: disabled before stop 41, aria-busy since.
    await page.waitForFunction((name) => {
      const input = document.querySelector<HTMLInputElement>(`[role="switch"][aria-label="${name}"]`);
      return input?.disabled || input?.getAttribute('aria-busy') === 'true';
    }, `API access for ${customerEmail}`);
    expect(await toggleHasFocus()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Pressed again meanwhile, it changes nothing and still shows the server's state.
    await page.keyboard.press('Space');
    expect(await toggle.isChecked()).toBe(false);
    changes.release();
    await page.getByText('API access granted').waitFor();
    await page.waitForFunction((name) => document.querySelector<HTMLInputElement>(`[role="switch"][aria-label="${name}"]`)?.checked === true, `API access for ${customerEmail}`);
    expect(await toggleHasFocus()).toBe(true);
    expect(changes.sent()).toBe(1);
    expect(await apiEnabled()).toBe(true);
    await context.close();
  });

  it('tells a customer who opens the console that it is for administrators, accessibly', async () => {
    const { page, context } = await chromium.newPage();
    await logInBrowser(t, context, base, { firstName: 'Cat', lastName: 'Customer' });
    await page.goto(base + '/admin/');
    await page.getByText('This area is for administrators.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
