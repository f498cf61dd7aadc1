/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import request from 'supertest';
import type { AnalyticsEvent } from '../../client/src/shared/analytics/analytics.js';
import { appConsoleErrors } from '../support/browser-accounts.js';
import { customerInBrowser } from '../support/browser-draws.js';
import { appHydrated, gotoUnstarted, holdBackAppStart, isHydrated, launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

const DETAIL_URL = /\/draws\/detail\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/$/;

/** The wizard's Continue button (the page has no other). */
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

async function onStep(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 3, name: title }).waitFor();
}

/**
 * Waits for 'Draw complete!', the overlay's last state, and skips on the page's clock the 1.5 s it stays (part 1 §9)
 * before the draw's page opens. The page's clock runs as the real one otherwise (installed before the page opened).
 */
async function skipCompletionWait(page: Page): Promise<void> {
  await page.getByText('Draw complete!').waitFor();
  await page.clock.fastForward(1_500);
}

function drawIdOf(page: Page): string {
  const match = DETAIL_URL.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`Not a draw detail URL: ${page.url()}`);
  return match[1];
}

describe('the draw wizard in Chromium', () => {
  let t: TestApp;
  let base: string;
  let chromium: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', DRAW_SWEEP_SECONDS: '1' } });
    base = await t.listen();
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  const drawFromApi = async (id: string) => (await request(t.app.getHttpServer()).get('/api/draw/get').query({ id }).expect(200)).body as Record<string, unknown>;

  it("on the prerendered home starts the app at the visitor's first input and handles that input, or when prices come into view", async () => {
    const { page, consoleErrors } = await chromium.newPage({ width: 412, height: 823 });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const hydrated = (selector: string) => isHydrated(page, selector);
    // Each visit is a new tab's: nothing of the wizard kept from the last (a kept draw starts the app with the page),
    // and leaving a wizard with progress, which asks first, goes ahead.
    page.on('dialog', (dialog) => void dialog.accept());
    const freshHome = async () => {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await gotoUnstarted(page, base + '/');
      await onStep(page, 'Name your draw');
      // Until the visitor's first input, the page is the prerendered HTML.
      expect(await hydrated('header')).toBe(false);
      expect(await hydrated('#start input')).toBe(false);
    };

    // The visitor's first input is a click on Continue: the app starts, hydrates the wizard and handles that click.
    await freshHome();
    await continueButton(page).click();
    await page.getByText('Please enter the name of the draw.').waitFor();
    expect(await hydrated('header')).toBe(true);

    // Or a tap into the name field and typing before the app runs (its start's chunk held back until the text is in):
    // nothing typed is lost, and the wizard's state holds it (Continue passes the name rule).
    const typed = await holdBackAppStart(page);
    await freshHome();
    await page.getByLabel('Name of the draw').click();
    await page.keyboard.type('Spring giveaway');
    expect(await hydrated('#start input')).toBe(false);
    typed();
    await appHydrated(page);
    expect(await hydrated('#start input')).toBe(true);
    expect(await page.getByLabel('Name of the draw').inputValue()).toBe('Spring giveaway');
    await page.getByLabel('Organisation running the draw').fill('Acme Pty Ltd');
    await continueButton(page).click();
    await onStep(page, 'How will you enter the entries?');

    // With no input at all, the app starts once the prices below the fold come into view (a scroll by script here);
    // the wizard, still untouched, waits for the first input.
    await freshHome();
    await page.evaluate(() => document.getElementById('pricing')!.scrollIntoView());
    // The prices are in the server's HTML (issue 27): what comes with the scroll is the app's start.
    await appHydrated(page);
    await page.getByText('Up to 1,000,000 winners').waitFor();
    expect(await hydrated('header')).toBe(true);
    expect(await hydrated('#start input')).toBe(false);

    const views = (await page.evaluate(() => (window as unknown as { __FAIRDRAW_ANALYTICS_EVENTS__: AnalyticsEvent[] }).__FAIRDRAW_ANALYTICS_EVENTS__))
      .filter((event) => event.kind === 'pageView')
      .map((event) => event.name);
    // The first step's page view comes with the app's start, not with the wizard's hydration.
    expect(views).toContain('/details');
    expect(pageErrors).toEqual([]);
    expect(appConsoleErrors(consoleErrors)).toEqual([]);
    await page.context().close();
  });

  it('runs a visitor demo draw through every step, with the overlay and the step page views, and lands on its results', async () => {
    const { page, consoleErrors } = await chromium.newPage();
    await page.clock.install();
    await page.goto(base + '/?name=Spring%20giveaway&organisation=Acme%20Pty%20Ltd');
    await onStep(page, 'Name your draw');
    // Prefilled from the home queries.
    expect(await page.getByLabel('Name of the draw').inputValue()).toBe('Spring giveaway');
    expect(await page.getByLabel('Organisation running the draw').inputValue()).toBe('Acme Pty Ltd');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Blocked with the spec's message until the rule holds.
    await page.getByLabel('Organisation running the draw').fill('');
    await continueButton(page).click();
    await page.getByText('Please enter the name of the organisation running the draw.').waitFor();
    await page.getByLabel('Organisation running the draw').fill('Acme Pty Ltd');
    // No progress yet: demo mode switches without asking.
    await page.getByRole('switch', { name: /Demo draw/ }).check();
    await continueButton(page).click();

    await onStep(page, 'How will you enter the entries?');
    await page.getByRole('radio', { name: /Enter the number of entries/ }).click();
    // With progress made, switching demo mode asks first; keeping the draw changes nothing.
    await page.getByRole('switch', { name: /Demo draw/ }).click();
    await page.getByRole('dialog', { name: 'Switch to a real draw?' }).waitFor();
    // Once it has faded in (a half-transparent text is a contrast finding of its own), its close button has a name.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[role="dialog"]')!).opacity === '1');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Keep my draw' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByRole('switch', { name: /Demo draw/ }).isChecked()).toBe(true);
    await continueButton(page).click();

    await onStep(page, 'Your entries');
    await page.getByLabel('Number of entries').fill('5000');
    await continueButton(page).click();
    await page.getByText('The number of entries can be at most 1,000.').waitFor();
    await page.getByLabel('Number of entries').fill('50');
    await continueButton(page).click();

    await onStep(page, 'Prizes');
    await page.getByLabel('Prize 1 description').fill('Bike');
    await page.getByLabel('Prizes to add').fill('2');
    await page.getByRole('button', { name: 'Add 2 prizes' }).click();
    await page.getByLabel('Prize 3 description').fill('');
    await page.getByLabel('Prize 2 reserves').fill('1');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await continueButton(page).click();

    await onStep(page, 'When to draw');
    // Back goes to the nearest displayed step and keeps what was typed; the blank description came back as 'Prize 3'.
    await page.getByRole('button', { name: 'Back' }).click();
    await onStep(page, 'Prizes');
    expect(await page.getByLabel('Prize 3 description').inputValue()).toBe('Prize 3');
    await continueButton(page).click();
    await onStep(page, 'When to draw');
    expect(await page.getByRole('radio', { name: 'Now' }).isChecked()).toBe(true);
    await continueButton(page).click();

    // A demo skips the account and purchase steps.
    await onStep(page, 'Confirm your draw');
    await page.getByText('Spring giveaway by Acme Pty Ltd (demo)').waitFor();
    await page.getByRole('button', { name: 'Confirm and run the draw' }).click();
    await page.getByText('Performing draw').waitFor();
    await skipCompletionWait(page);
    await page.waitForURL(DETAIL_URL);

    const draw = await drawFromApi(drawIdOf(page));
    expect(draw).toMatchObject({ state: 'drawn', demo: true, entryCount: 50, name: 'Spring giveaway' });
    expect((draw.prizes as { description: string }[]).map((prize) => prize.description)).toEqual(['Bike', 'Prize 2', 'Prize 3']);

    const views = (await page.evaluate(() => (window as unknown as { __FAIRDRAW_ANALYTICS_EVENTS__: AnalyticsEvent[] }).__FAIRDRAW_ANALYTICS_EVENTS__))
      .filter((event) => event.kind === 'pageView')
      .map((event) => event.name);
    for (const view of ['/details', '/details-continue', '/schedule', '/schedule-back', '/schedule-continue', '/demo']) expect(views).toContain(view);
    expect(views.indexOf('/details-continue')).toBeLessThan(views.indexOf('/schedule'));
    expect(appConsoleErrors(consoleErrors)).toEqual([]);
    await page.context().close();
  });

  it('lets a logged-in customer schedule an uploaded-file draw a few seconds ahead, paid with a credit, and drawn at its time', async () => {
    const { page, context } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    await page.goto(base + '/');
    await page.getByLabel('Name of the draw').fill('Uploaded draw');
    await page.getByLabel('Organisation running the draw').fill('Acme Pty Ltd');
    await continueButton(page).click();
    await page.getByRole('radio', { name: /^Upload an entries file A txt/ }).click();
    await continueButton(page).click();

    await onStep(page, 'Your entries');
    const rows = ['Name,Email', ...Array.from({ length: 20 }, (_, i) => `Entrant ${i + 1},entrant${i + 1}@example.com`)].join('\n');
    await page.locator('input[type="file"]').setInputFiles({ name: 'entries.csv', mimeType: 'text/csv', buffer: Buffer.from(rows) });
    await page.getByText('21 rows').waitFor();
    await continueButton(page).click();
    await page.getByText('Please tell us whether the first row of the file is a header row.').waitFor();
    await page.getByRole('radio', { name: 'Yes, it is a header row' }).check();
    await continueButton(page).click();

    await onStep(page, 'Prizes');
    await page.getByLabel('Prize 1 winners').fill('21');
    await continueButton(page).click();
    await page.getByText('There are more prizes than entries.').waitFor();
    await page.getByLabel('Prize 1 winners').fill('3');
    await continueButton(page).click();

    await onStep(page, 'When to draw');
    await page.getByRole('radio', { name: 'At a later time' }).check();
    // The default is 2 hours ahead on the hour; this draw is due 15 seconds from now in the browser's time zone.
    const due = await page.evaluate(() => {
      const at = new Date(Date.now() + 15_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return { iso: at.toISOString(), local: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}` };
    });
    await page.getByLabel('Draw date and time').fill(due.local);
    await continueButton(page).click();

    // Logged in: no account step; the purchase step offers the credits.
    await onStep(page, 'Payment');
    await page.getByRole('radio', { name: 'Use one of your 10 credits' }).check();
    await continueButton(page).click();
    await onStep(page, 'Confirm your draw');
    await page.getByRole('button', { name: 'Confirm and schedule the draw' }).click();
    // A scheduled draw opens its page at once.
    await page.waitForURL(DETAIL_URL);
    const id = drawIdOf(page);
    expect((await drawFromApi(id)).state).toBe('scheduled');

    const drawn = await waitUntil(
      () => drawFromApi(id),
      (draw) => draw.state === 'drawn',
      'the scheduled draw to be drawn',
    );
    expect(drawn).toMatchObject({ state: 'drawn', entryMethod: 'upload', entryCount: 20, demo: false, isOwner: false });
    // Drawn at its time, not before (to the second the picker gives).
    expect(new Date(drawn.relevantDate as string).getTime()).toBeGreaterThanOrEqual(new Date(due.iso).getTime() - 1000);
    // One of the 10 credits paid for it.
    expect((await agent.get('/api/account/get').expect(200)).body).toMatchObject({ remainingCredits: 9 });
    await page.context().close();
  });

  it("makes a visitor create an account and pay by card for a real draw, with the spec's messages on the way", async () => {
    const { page, consoleErrors } = await chromium.newPage();
    await page.clock.install();
    await page.goto(base + '/');
    await page.getByLabel('Name of the draw').fill('Paid draw');
    await page.getByLabel('Organisation running the draw').fill('Acme Pty Ltd');
    await continueButton(page).click();
    await continueButton(page).click();
    await page.getByText('Please choose how you will enter the entries.').waitFor();
    await page.getByRole('radio', { name: /Enter the number of entries/ }).click();
    await continueButton(page).click();
    await page.getByLabel('Number of entries').fill('100');
    await continueButton(page).click();
    await onStep(page, 'Prizes');
    await continueButton(page).click();

    await onStep(page, 'When to draw');
    await page.getByRole('radio', { name: 'At a later time' }).check();
    await continueButton(page).click();
    await page.getByText('Scheduling a draw requires you to have an account.').waitFor();
    await page.getByRole('radio', { name: 'Now' }).check();
    await continueButton(page).click();

    await onStep(page, 'Your account');
    await continueButton(page).click();
    await page.getByText('Please enter a valid email address.').waitFor();
    const email = `wizard-${Date.now()}@example.com`;
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
    // A new e-mail: the registration details appear.
    await page.getByLabel('First name').waitFor();
    await continueButton(page).click();
    await page.getByText('Your password must be between 8 and 100 characters long.').waitFor();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('correct horse battery');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await continueButton(page).click();
    await page.getByText('Please let us know whether or not you are an agent.').waitFor();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await continueButton(page).click();
    await page.getByText("Please enter your agency's name.").waitFor();
    await page.getByLabel('Agency name').fill('Promo Agency');
    await continueButton(page).click();
    await page.getByText('You must agree to the Terms and conditions to register an account.').waitFor();
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await continueButton(page).click();

    await onStep(page, 'Payment');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await continueButton(page).click();
    await page.getByText('Please choose how to pay for this draw.').waitFor();
    await page.getByRole('radio', { name: /^One draw: / }).check();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry date').fill('1239');
    await page.getByLabel('Security code').fill('123');
    await continueButton(page).click();

    await onStep(page, 'Confirm your draw');
    await page.getByRole('button', { name: 'Confirm and run the draw' }).click();
    await page.getByText('Performing draw').waitFor();
    await skipCompletionWait(page);
    await page.waitForURL(DETAIL_URL);
    expect(await drawFromApi(drawIdOf(page))).toMatchObject({ state: 'drawn', demo: false, entryCount: 100 });
    const views = (await page.evaluate(() => (window as unknown as { __FAIRDRAW_ANALYTICS_EVENTS__: AnalyticsEvent[] }).__FAIRDRAW_ANALYTICS_EVENTS__)).map((event) => event.name);
    expect(views).toEqual(expect.arrayContaining(['/payment', '/payment-continue']));
    expect(appConsoleErrors(consoleErrors)).toEqual([]);
    await page.context().close();
  });

  it('at 360 px lets a keyboard upload a file and scroll its wide first rows, and the page itself stays 360 px wide', async () => {
    const { page, context } = await chromium.newPage({ width: 360, height: 740 });
    await page.goto(base + '/?demo=true&name=Wide%20rows&organisation=Acme');
    await continueButton(page).click();
    await page.getByRole('radio', { name: /^Upload an entries file A txt/ }).click();
    await continueButton(page).click();
    await onStep(page, 'Your entries');
    const rows = ['Name,Email,Street address,Favourite colour', ...Array.from({ length: 5 }, (_, i) => `Entrant ${i + 1},entrant${i + 1}@example.com,${i + 1} Long Street Name,Blue`)];
    // The wizard hands the focus to the new step's heading after the step renders; the button takes it only after that.
    await page.waitForFunction(() => document.activeElement?.id === 'wizard-step-title');
    // Chosen from the keyboard: the button, disabled while the file goes up, has the focus again once it is checked.
    const chooseButton = page.getByRole('button', { name: 'Choose a file to upload' });
    // Asked for before the focus: Playwright starts catching file choosers with the first wait, a step behind an
    // Enter pressed at once (which then opened nothing, once in a full run of this file).
    const chooser = page.waitForEvent('filechooser');
    await chooseButton.focus();
    expect(await chooseButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await page.getByText('6 rows').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Upload another file');
    const preview = page.getByRole('region', { name: 'First rows of the file' });
    expect(await preview.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Its rows scroll sideways inside it: the Tab key reaches it, and the arrow keys scroll it.
    while (!(await preview.evaluate((region) => region === document.activeElement))) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('footer'))).toBeNull();
    }
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[aria-label="First rows of the file"]')!.scrollLeft > 0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('runs a demo draw from an advanced upload: ticket counts, one win per entrant, columns limited to the first six', async () => {
    const { page, consoleErrors } = await chromium.newPage();
    await page.clock.install();
    await page.goto(base + '/?demo=true&name=Advanced&organisation=Acme');
    await onStep(page, 'Name your draw');
    expect(await page.getByRole('switch', { name: /Demo draw/ }).isChecked()).toBe(true);
    await continueButton(page).click();
    await page.getByRole('radio', { name: /with ticket counts or entrant ids/ }).click();
    await continueButton(page).click();

    await onStep(page, 'Your entries');
    // 12 rows of 8 entrants (E1 to E4 twice), 7 columns; Tickets is the third.
    const header = 'Id,Name,Tickets,Email,Colour,Town,Notes';
    const rows = Array.from({ length: 12 }, (_, i) => `E${(i % 8) + 1},Person ${i + 1},${(i % 3) + 1},p${i}@example.com,red,Sydney,n${i}`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'advanced.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
    await page.getByRole('radio', { name: 'Yes, it is a header row' }).check();
    await page.getByRole('checkbox', { name: /a ticket count column/ }).check();
    await continueButton(page).click();
    await page.getByText('Please choose the column with the number of entries.').waitFor();

    await page.getByLabel('Column with the number of entries').first().click();
    // Part 2 §9: only the first six columns are offered; those without valid counts are disabled.
    expect(await page.getByRole('option').allTextContents()).toEqual(['1: Id', '2: Name', '3: Tickets', '4: Email', '5: Colour', '6: Town']);
    expect(await page.getByRole('option', { name: '1: Id' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('option', { name: '3: Tickets' }).click();
    const results = page.getByLabel('Processing results');
    await results.getByText('Entry rows').waitFor();
    const tickets = rows.reduce((sum, _, i) => sum + (i % 3) + 1, 0);
    expect(await results.innerText()).toContain(String(tickets));

    await page.getByRole('checkbox', { name: /One win per entrant/ }).check();
    await page.getByLabel('Unique entrant id column').first().click();
    await page.getByRole('option', { name: '1: Id' }).click();
    // Processed again for the new choice: 8 entrants.
    await results.getByText(/^8$/).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await continueButton(page).click();

    await onStep(page, 'Prizes');
    await page.getByLabel('Prize 1 winners').fill('9');
    await continueButton(page).click();
    await page.getByText('There are more prizes than entries.').waitFor();
    await page.getByLabel('Prize 1 winners').fill('3');
    await continueButton(page).click();
    await onStep(page, 'When to draw');
    await continueButton(page).click();
    await onStep(page, 'Confirm your draw');
    await page.getByRole('button', { name: 'Confirm and run the draw' }).click();
    await skipCompletionWait(page);
    await page.waitForURL(DETAIL_URL);
    expect(await drawFromApi(drawIdOf(page))).toMatchObject({ state: 'drawn', entryMethod: 'uploadAdvanced', oneWinPerEntrant: true, winnerCount: 3 });
    expect(appConsoleErrors(consoleErrors)).toEqual([]);
    await page.context().close();
  });

  it('keeps the wizard through Back, Forward and a reload, and gives one advanced upload the same figures on every page (issue 27)', async () => {
    const { page, context } = await chromium.newPage();
    await customerInBrowser(t, context, base);
    await page.clock.install();
    await page.goto(base + '/');
    await page.getByLabel('Name of the draw').fill('Figures draw');
    await page.getByLabel('Organisation running the draw').fill('Acme Pty Ltd');
    await continueButton(page).click();
    await page.getByRole('radio', { name: /with ticket counts or entrant ids/ }).click();
    await continueButton(page).click();

    // 2,000 rows of 3 tickets each; the last 300 rows are entrants already met: 1,700 entrants, 6,000 entries.
    await onStep(page, 'Your entries');
    const rows = Array.from({ length: 2000 }, (_, i) => `E${i < 1700 ? i + 1 : i - 1699},Person ${i + 1},p${i + 1}@example.com,3,Suburb ${i % 7}`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'figures.csv', mimeType: 'text/csv', buffer: Buffer.from(['EntrantId,Name,Email,Tickets,Suburb', ...rows].join('\n')) });
    await page.getByRole('radio', { name: 'Yes, it is a header row' }).check();
    await page.getByRole('checkbox', { name: /a ticket count column/ }).check();
    await page.getByLabel('Column with the number of entries').first().click();
    await page.getByRole('option', { name: '4: Tickets' }).click();
    await page.getByRole('checkbox', { name: /One win per entrant/ }).check();
    await page.getByLabel('Unique entrant id column').first().click();
    await page.getByRole('option', { name: '1: EntrantId' }).click();
    const results = page.getByLabel('Processing results');
    await results.getByText('1,700').waitFor();
    expect(await results.innerText()).toMatch(/Entry rows\s+2,000\s+Entrants\s+1,700\s+Entries\s+6,000/);
    await continueButton(page).click();
    await onStep(page, 'Prizes');
    await page.getByLabel('Prize 1 description').fill('Hamper');
    await page.getByLabel('Prize 1 winners').fill('3');

    // The steps are history entries: Back and Forward move between them and keep what was entered. Back pressed the
    // moment Continue records its step's entry, on a slow phone (the CPU slowed sixfold), lands on the step before:
    // the router shows its new location in a transition, and a Back that came before that transition ended was once
    // merged with it into a location the wizard had already shown, so the wizard stayed on 'When to draw'.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.evaluate(() => {
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        push(...args);
        history.pushState = push;
        addEventListener('popstate', () => (document.body.dataset.wentBack = 'yes'), { once: true });
        history.back();
      };
    });
    await continueButton(page).click();
    await page.waitForFunction(() => document.body.dataset.wentBack === 'yes');
    await onStep(page, 'Prizes');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(await page.evaluate(() => (history.state as { usr?: { wizardStep?: string } } | null)?.usr?.wizardStep)).toBe('prizes');
    expect(await page.getByLabel('Prize 1 description').inputValue()).toBe('Hamper');
    await page.goForward();
    await onStep(page, 'When to draw');
    await page.goBack();
    await onStep(page, 'Prizes');
    await page.goBack();
    await onStep(page, 'Your entries');
    await results.getByText('6,000').waitFor();
    await page.goForward();
    await onStep(page, 'Prizes');
    await page.goBack();
    await onStep(page, 'Your entries');
    await continueButton(page).click();
    await onStep(page, 'Prizes');
    expect(await page.getByLabel('Prize 1 description').inputValue()).toBe('Hamper');
    await continueButton(page).click();
    await onStep(page, 'When to draw');
    await waitUntil(
      () => page.evaluate(() => (history.state as { usr?: { wizardStep?: string } } | null)?.usr?.wizardStep),
      (step) => step === 'time',
      'the step in history',
    );

    // A reload asks first (progress not saved as a draft), then comes back to the same step with the same draw.
    const asked = page.waitForEvent('dialog');
    const reloaded = page.reload();
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
    await reloaded;
    await onStep(page, 'When to draw');
    await page.goBack();
    await onStep(page, 'Prizes');
    expect(await page.getByLabel('Prize 1 description').inputValue()).toBe('Hamper');
    await continueButton(page).click();
    await onStep(page, 'When to draw');
    await continueButton(page).click();
    await onStep(page, 'Payment');
    await page.getByRole('radio', { name: 'Use one of your 10 credits' }).check();
    await continueButton(page).click();
    await onStep(page, 'Confirm your draw');
    await page.getByRole('button', { name: 'Confirm and run the draw' }).click();
    await skipCompletionWait(page);
    await page.waitForURL(DETAIL_URL);

    // The same figures, in the same words, on the draw page, in the API and on the certificate.
    const id = drawIdOf(page);
    const facts = page.locator('dl', { hasText: 'Entry rows' });
    await facts.waitFor();
    expect(await facts.innerText()).toMatch(/Entry rows\s+2,000\s+Entrants\s+1,700\s+Entries\s+6,000/);
    const draw = await drawFromApi(id);
    expect(draw).toMatchObject({ state: 'drawn', entryRowCount: 2000, entrantCount: 1700, entryCount: 6000 });
    await page.goto(`${base}/cert/${draw.shortCode as string}/`);
    await page.getByText('2,000 entry rows, 6,000 entries, 1,700 entrants').waitFor();
    // And in the draw list, in the same words.
    await page.goto(base + '/draws/');
    const listed = page.getByRole('table', { name: 'Your draws' }).getByRole('row').filter({ hasText: 'Figures draw' });
    await listed.waitFor();
    expect(await listed.innerText()).toMatch(/6,000 entries\s+2,000 entry rows, 1,700 entrants/);
    // Back in the wizard after the draw: a new draw, nothing of the last one.
    await page.goto(base + '/');
    await onStep(page, 'Name your draw');
    expect(await page.getByLabel('Name of the draw').inputValue()).toBe('');
    await page.context().close();
  });

  it('after a lost answer and a reload, confirming again gives the draw the first request made, paid once', async () => {
    const { page, context } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(base + '/');
    await page.getByLabel('Name of the draw').fill('Lost answer');
    await page.getByLabel('Organisation running the draw').fill('Acme Pty Ltd');
    await continueButton(page).click();
    await page.getByRole('radio', { name: /Enter the number of entries/ }).click();
    await continueButton(page).click();
    await page.getByLabel('Number of entries').fill('100');
    await continueButton(page).click();
    await onStep(page, 'Prizes');
    await continueButton(page).click();
    await onStep(page, 'When to draw');
    await page.getByRole('radio', { name: 'At a later time' }).check();
    await continueButton(page).click();
    await onStep(page, 'Payment');
    await page.getByRole('radio', { name: 'Use one of your 10 credits' }).check();
    await continueButton(page).click();
    await onStep(page, 'Confirm your draw');

    // The first request reaches the server, which makes the draw and takes its credit; the answer is lost on the way back.
    await page.route(
      '**/api/draw/submitdraw',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Confirm and schedule the draw' }).click();
    await page.getByText('Something went wrong, please try again or contact us for assistance.').waitFor();
    const made = await t.query<{ id: string }>('SELECT id FROM draw WHERE name = $1', ['Lost answer']);
    expect(made).toHaveLength(1);

    // The customer reloads the tab rather than trying again, and confirms the same draw.
    await page.reload();
    await onStep(page, 'Confirm your draw');
    await page.getByRole('button', { name: 'Confirm and schedule the draw' }).click();
    await page.waitForURL(DETAIL_URL);
    expect(drawIdOf(page)).toBe(made[0].id);
    expect(await t.query('SELECT id FROM draw WHERE name = $1', ['Lost answer'])).toHaveLength(1);
    expect((await agent.get('/api/account/get').expect(200)).body).toMatchObject({ remainingCredits: 9 });
    await context.close();
  });

  it('saves a draft, reloads it with ?resume= and finishes it, at 360 px', async () => {
    const { page, consoleErrors } = await chromium.newPage({ width: 360, height: 740 });
    await page.clock.install();
    await page.goto(base + '/');
    await onStep(page, 'Name your draw');
    await page.getByRole('switch', { name: /Demo draw/ }).check();
    await page.getByLabel('Name of the draw').fill('Draft draw');
    await page.getByLabel('Organisation running the draw').fill('Acme Pty Ltd');
    await continueButton(page).click();
    await page.getByRole('radio', { name: /Enter the number of entries/ }).click();
    await continueButton(page).click();
    await onStep(page, 'Your entries');
    await page.getByLabel('Number of entries').fill('30');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Save for later' }).click();
    const resumeLink = page.getByRole('link', { name: 'this link' });
    await resumeLink.waitFor();
    // The notice has the focus the busy button lost: the keyboard reaches its link next, a screen reader reads it.
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Draft saved'));
    const href = await resumeLink.getAttribute('href');
    expect(href).toMatch(/^\/\?resume=[0-9a-f-]{36}$/);

    // The same browser tab (its clientSession) opens the draft again and continues where it was left.
    await page.goto(base + href!);
    await onStep(page, 'Your entries');
    expect(await page.getByLabel('Number of entries').inputValue()).toBe('30');
    expect(await page.getByRole('switch', { name: /Demo draw/ }).isChecked()).toBe(true);
    await continueButton(page).click();
    await onStep(page, 'Prizes');
    await continueButton(page).click();
    await onStep(page, 'When to draw');
    await continueButton(page).click();
    await onStep(page, 'Confirm your draw');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Confirm and run the draw' }).click();
    await skipCompletionWait(page);
    await page.waitForURL(DETAIL_URL);
    const id = drawIdOf(page);
    expect(await drawFromApi(id)).toMatchObject({ state: 'drawn', name: 'Draft draw', entryCount: 30 });
    // Submitting with draftId removed the draft.
    const draftId = new URLSearchParams(href!.slice(2)).get('resume');
    expect(await t.query('SELECT id FROM draw WHERE id = $1', [draftId])).toEqual([]);
    expect(appConsoleErrors(consoleErrors)).toEqual([]);
    await page.context().close();
  });
});
