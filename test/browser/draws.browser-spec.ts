/// <reference lib="dom" />
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Page } from 'playwright-core';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { freshAddress } from '../support/accounts.js';
import { appConsoleErrors } from '../support/browser-accounts.js';
import { customerInBrowser, displayIdOf, submitDraw } from '../support/browser-draws.js';
import { launchBrowser, seriousAccessibilityViolations, type TestBrowser, watchSpinner } from '../support/browser.js';
import { simpleDraw } from '../support/draws.js';
import { uploaded } from '../support/entries-files.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';
import { formatDateTime } from '#rules';

dayjs.extend(utc);
dayjs.extend(timezone);

const ACCOUNT_EXISTS = 'An account with this email address already exists. Please contact us to associate this draw with your existing account.';

interface DrawAnswer {
  state: string;
  relevantDate: string;
  scheduleTimeZone: string;
  prizes: { winners: { entryNumber: number }[]; reserveWinners: { entryNumber: number }[] }[];
}

describe('draw pages in Chromium: list, detail, actions, scrutineer, downloads, lookup', () => {
  let t: TestApp;
  let base: string;
  let chromium: TestBrowser;

  beforeAll(async () => {
    // Registrations come from their own X-Forwarded-For addresses; the sweep finds due draws every second.
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', DRAW_SWEEP_SECONDS: '1' } });
    base = await t.listen();
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  const drawOf = async (agent: TestAgent, id: string) => (await agent.get('/api/draw/get/').query({ id }).expect(200)).body as DrawAnswer;
  const detailUrl = (id: string, query = '') => `${base}/draws/detail/${id}/${query}`;
  const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('lists the draws with countdowns and modals, and keeps the filters across reloads in the listconfig cookie', async () => {
    const { page, context, consoleErrors } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    await submitDraw(agent, { overrides: { name: 'Alpha drawn' } });
    const scheduled = await submitDraw(agent, { secondsAhead: 3600, overrides: { name: 'Bravo scheduled' } });
    const cancelled = await submitDraw(agent, {
      secondsAhead: 7200,
      overrides: { name: 'Charlie cancelled', organisation: 'The Southern Highlands Regional Community Sports and Recreation Association Incorporated' },
    });
    await agent.post('/api/draw/cancel/').send({ id: cancelled }).expect(200);
    const failed = await submitDraw(agent, { secondsAhead: 5400, overrides: { name: 'Delta failed' } });
    await t.query(`UPDATE draw SET state = 'error', error_message = 'The entries file could not be read.' WHERE id = $1`, [failed]);

    await page.goto(base + '/draws/');
    await page.getByRole('heading', { level: 1, name: 'Your draws' }).waitFor();
    const table = page.getByRole('table', { name: 'Your draws' });
    await table.getByRole('link', { name: 'Alpha drawn' }).waitFor();
    // RelevantDate descending by default: the latest draw time first.
    const names = async () =>
      (await table.locator('tbody tr td:first-child a, tbody tr td:first-child button, tbody tr td:first-child span:first-child').allTextContents()).filter((text) => text.trim());
    expect(await names()).toEqual(['Charlie cancelled', 'Delta failed', 'Bravo scheduled', 'Alpha drawn']);
    const bravoRow = table.getByRole('row').filter({ hasText: 'Bravo scheduled' });
    expect(await bravoRow.textContent()).toContain(`#${displayIdOf(scheduled)}`);
    expect(await bravoRow.textContent()).toContain('(Australia/Sydney)');
    // The countdown ticks every second.
    const countdown = bravoRow.locator('td').last();
    const first = await countdown.textContent();
    expect(first).toMatch(/^00:5\d:\d\d$/);
    await page.waitForFunction(([text]) => [...document.querySelectorAll('tbody tr')].some((row) => row.textContent?.includes('Bravo scheduled') && !row.textContent.includes(text)), [first!]);

    // Cancelled draws are not clickable; an error draw opens its modal with the reason.
    const charlieRow = table.getByRole('row').filter({ hasText: 'Charlie cancelled' });
    // At 1280 px (the page's width) a state badge shows its whole label, however long the row's other cells.
    const badge = charlieRow.getByText('Cancelled', { exact: true });
    expect(await badge.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    expect(await charlieRow.getByRole('link').count()).toBe(0);
    expect(await charlieRow.getByRole('button').count()).toBe(0);
    await table.getByRole('button', { name: 'Delta failed' }).click();
    const errorModal = page.getByRole('dialog', { name: 'This draw could not be run' });
    await errorModal.getByText('The entries file could not be read.').waitFor();
    await errorModal.getByRole('button', { name: 'Close', exact: true }).click();
    await errorModal.waitFor({ state: 'hidden' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Filters: no drawn draws, names A to Z, 10 a page.
    await page.getByRole('checkbox', { name: 'Drawn' }).uncheck();
    await table.getByRole('link', { name: 'Alpha drawn' }).waitFor({ state: 'detached' });
    await chooseOption(page, 'Sort by', 'Name');
    await chooseOption(page, 'Order', 'A to Z');
    await chooseOption(page, 'Draws per page', '10');
    await page.waitForFunction(() => document.querySelector('tbody tr')?.textContent?.includes('Bravo scheduled'));
    expect(await names()).toEqual(['Bravo scheduled', 'Charlie cancelled', 'Delta failed']);

    const cookie = (await context.cookies(base)).find((c) => c.name === 'listconfig');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict', secure: false });
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ statuses: ['scheduled', 'cancelled', 'error'], sortField: 'Name', descending: false, count: 10 });

    await page.reload();
    await table.getByRole('link', { name: 'Bravo scheduled' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Drawn' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Scheduled' }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('Name');
    expect(await page.getByRole('combobox', { name: 'Draws per page' }).inputValue()).toBe('10');
    expect(await names()).toEqual(['Bravo scheduled', 'Charlie cancelled', 'Delta failed']);
    // Visitors without API access are not offered the api/test sources or the draft status.
    expect(await page.getByRole('checkbox', { name: 'Test' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Draft' }).count()).toBe(0);

    // A click anywhere on a scheduled draw's row opens its page.
    await bravoRow.locator('td').nth(1).click();
    await page.waitForURL(detailUrl(scheduled));
    await page.getByRole('heading', { level: 1, name: 'Bravo scheduled' }).waitFor();
    expect(appConsoleErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('offers the wizard when there are no draws, shows the list notices, and lays the list out as cards at 360 px', async () => {
    const { page, context } = await chromium.newPage({ width: 360, height: 740 });
    const { agent } = await customerInBrowser(t, context, base, { credits: false });
    await page.goto(base + '/draws/');
    await page.getByRole('heading', { name: 'You have no draws yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Set up a draw' }).getAttribute('href')).toBe('/');

    await page.goto(base + '/uk/draws/?draw_error=true');
    const modal = page.getByRole('dialog', { name: 'The draw could not be opened' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await page.waitForURL(base + '/uk/draws/');

    await page.goto(base + '/draws/?cancelled=true');
    await page.getByRole('status').filter({ hasText: 'The draw has been cancelled.' }).waitFor();

    // A scheduled demo draw (free) to see the cards, and its page, at 360 px.
    const scheduleDate = new Date(Date.now() + 10 * 60_000).toISOString();
    const demo = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Echo demo', paymentOption: 4, entriesCount: 50, scheduleOption: 1, scheduleDate }))
        .expect(200)
    ).body as string;
    await page.goto(base + '/draws/');
    const cards = page.getByRole('list', { name: 'Your draws' });
    await cards.getByRole('link', { name: 'Echo demo' }).waitFor();
    expect(await cards.getByRole('listitem').textContent()).toMatch(/Time left:\s*00:(09|10):\d\d/);
    expect(await page.getByRole('table', { name: 'Your draws' }).isVisible()).toBe(false);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await cards.getByRole('link', { name: 'Echo demo' }).click();
    await page.waitForURL(detailUrl(demo));
    await page.getByTestId('countdown').waitFor();
    for (const name of ['Reschedule', 'Draw now', 'Cancel draw']) expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('offers API customers the api and test sources and the draft status, and resumes a draft from its modal', async () => {
    const { page, context } = await chromium.newPage();
    const { agent, email } = await customerInBrowser(t, context, base);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    const key = (await agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key as string;
    await request(t.app.getHttpServer())
      .post('/api/draw/submitdraw/')
      .set('Authorization', `Bearer ${key}`)
      .send(simpleDraw({ name: 'Quebec test key', paymentOption: 2 }))
      .expect(200);
    const draft = (
      await agent
        .post('/api/draw/saveIncompleteDraw/')
        .send({ name: 'Romeo draft', organisation: 'Acme', wizardState: { step: 'prizes' } })
        .expect(200)
    ).body.id as string;

    await page.goto(base + '/draws/');
    await page.getByRole('heading', { name: 'You have no draws yet' }).waitFor();
    await page.getByRole('checkbox', { name: 'Test' }).check();
    const table = page.getByRole('table', { name: 'Your draws' });
    await table.getByRole('link', { name: 'Quebec test key' }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'Quebec test key' }).textContent()).toContain('Test');
    await page.getByRole('checkbox', { name: 'Draft' }).check();
    await table.getByRole('button', { name: 'Romeo draft' }).click();
    const modal = page.getByRole('dialog', { name: 'This draw is not finished' });
    expect(await modal.getByRole('link', { name: 'Resume the draw' }).getAttribute('href')).toBe(`/?resume=${draft}`);
    await context.close();
  });

  it('counts a scheduled draw down to zero, shows Drawing..., then its winners without a reload', async () => {
    const { page, context, consoleErrors } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    // Due in an hour: the page's clock, not the test, waits for it. The page opens well before the last second, with
    // its actions, however busy the machine.
    const drawAt = Date.now() + 3_600_000;
    const id = await submitDraw(agent, { secondsAhead: 3600, overrides: { name: 'Foxtrot live' } });
    await page.clock.install();
    await page.goto(detailUrl(id));
    const countdown = page.getByTestId('countdown');
    await countdown.waitFor();
    expect(await countdown.textContent()).toMatch(/^(00:59:[0-5]\d|01:00:00)$/);
    expect(await page.getByText('Published when the draw is done.').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Cancel draw' }).isVisible()).toBe(true);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The page's clock jumps to the draw's last seconds (setting the time fires none of the hour's timers, such as the
    // idle warning) and stops there: the countdown's last seconds and zero are the test's, whatever the machine's
    // speed, and the page's poll of a due draw waits until its owner has drawn it. The test reads the page in its
    // own loop meanwhile, as a page's waits poll on animation frames, which a stopped clock holds back.
    await page.clock.setSystemTime(drawAt - 6_000);
    await page.clock.pauseAt(drawAt - 5_000);
    const lastSeconds = await waitUntil(
      () => countdown.textContent(),
      (text) => /^00:00:0[1-9]$/.test(text ?? ''),
      'the countdown in its last seconds',
    );
    expect(await page.getByRole('button', { name: 'Cancel draw' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reschedule' }).isVisible()).toBe(true);
    // To zero: the seconds it shows, ticked one by one.
    await page.clock.runFor(Number(lastSeconds!.slice(-2)) * 1000);
    await waitUntil(
      () => page.getByText('Drawing...', { exact: true }).count(),
      (count) => count > 0,
      'Drawing...',
    );
    expect(await countdown.count()).toBe(0);
    // From a second before the time, cancel and reschedule are gone, and draw now in the 10 s after it.
    expect(await page.getByRole('button', { name: 'Cancel draw' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Draw now' }).count()).toBe(0);

    // Its owner draws it; the page's next poll of the due draw, 3 s on, finds the winners, and its clock runs again.
    await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(200);
    await page.clock.runFor(3_000);
    await page.clock.resume();
    await page.getByRole('heading', { name: 'Prizes and winners' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    const drawn = await drawOf(agent, id);
    expect(drawn.state).toBe('drawn');
    const bikeWinners = page.getByRole('list', { name: 'Prize 1: Bike: winners' });
    expect(await bikeWinners.textContent()).toContain(`Winner 1: entry ${drawn.prizes[0].winners[0].entryNumber.toLocaleString('en')}`);
    await page.getByRole('list', { name: 'Prize 1: Bike: reserves' }).waitFor();
    // Blank descriptions became 'Prize N' on the server.
    await page.getByRole('heading', { name: 'Prize 2: Prize 2' }).waitFor();
    const seed = page.getByText(/^[0-9a-f]{64}$/);
    expect(await seed.count()).toBeGreaterThanOrEqual(2);

    // The winners modal.
    await page.getByRole('button', { name: 'Show winners' }).click();
    const modal = page.getByRole('dialog', { name: 'Winners of Foxtrot live' });
    await modal.getByRole('heading', { name: 'Prize 1: Bike' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(appConsoleErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('opens the winners modal by itself, main prize last, when a watched draw is drawn while screen sharing', async () => {
    // Two watchers, one screen sharing and one not, of two draws due in an hour that their owners draw once the pages
    // are open; each page's clock then passes the draw's time, so the page looks for the winners as it would then.
    const sharing = await chromium.newPage();
    const plain = await chromium.newPage();
    const [{ agent }, other] = await Promise.all([customerInBrowser(t, sharing.context, base), customerInBrowser(t, plain.context, base)]);
    const drawAt = Date.now() + 3_600_000;
    const [id, second] = await Promise.all([
      submitDraw(agent, { secondsAhead: 3600, overrides: { name: 'Golf announced' } }),
      submitDraw(other.agent, { secondsAhead: 3600, overrides: { name: 'Hotel quiet' } }),
    ]);
    // Screen-share mode on with its defaults: winner announcement on, prizes in reverse order.
    await sharing.context.addCookies([{ name: 'screenshare', value: encodeURIComponent(JSON.stringify({ enabled: true })), url: base, sameSite: 'Strict' }]);
    for (const { page } of [sharing, plain]) await page.clock.install();
    await Promise.all([sharing.page.goto(detailUrl(id)), plain.page.goto(detailUrl(second))]);
    await Promise.all([sharing.page.getByTestId('countdown').waitFor(), plain.page.getByTestId('countdown').waitFor()]);
    await Promise.all([
      agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(200),
      other.agent.post('/api/draw/reschedule/').send({ id: second, immediateDraw: true }).expect(200),
    ]);
    for (const { page } of [sharing, plain]) await page.clock.setSystemTime(drawAt + 5_000);
    // Due on each page: 'Drawing...', and the page's poll of a due draw, 3 s on, comes at once.
    await Promise.all([sharing, plain].map(({ page }) => page.getByText('Drawing...', { exact: true }).waitFor()));
    for (const { page } of [sharing, plain]) await page.clock.fastForward(3_000);

    const modal = sharing.page.getByRole('dialog', { name: 'Winners of Golf announced' });
    await modal.waitFor();
    const headings = await modal.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings).toEqual(['Prize 2: Prize 2', 'Prize 1: Bike']);
    expect(await seriousAccessibilityViolations(sharing.page)).toEqual([]);
    await sharing.context.close();

    // Not without screen sharing: the page shows the winners, no modal.
    await plain.page.getByRole('heading', { name: 'Prizes and winners' }).waitFor();
    expect(await plain.page.getByRole('dialog').count()).toBe(0);
    await plain.context.close();
  });

  it('shows 5 winners per prize until asked for all', async () => {
    const { page, context } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    const id = await submitDraw(agent, { overrides: { name: 'Golf many', prizes: [{ description: 'Voucher', quantity: 12, reserves: 0 }] } });
    await page.goto(detailUrl(id));
    const winners = page.getByRole('list', { name: 'Prize 1: Voucher: winners' });
    await winners.waitFor();
    expect(await winners.getByRole('listitem').count()).toBe(5);
    await page.getByRole('button', { name: 'Show all 12 winners' }).click();
    expect(await winners.getByRole('listitem').count()).toBe(12);
    await page.getByRole('button', { name: 'Show fewer winners' }).click();
    expect(await winners.getByRole('listitem').count()).toBe(5);
    await context.close();
  });

  it('reschedules, then cancels a draw through the page, and draws another now', async () => {
    const { page, context, consoleErrors } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    const id = await submitDraw(agent, { secondsAhead: 3600, overrides: { name: 'Hotel moves' } });
    await page.goto(detailUrl(id));
    await page.getByRole('heading', { level: 1, name: 'Hotel moves' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule the draw' });
    const field = dialog.getByLabel('New draw time');
    expect(await dialog.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Australia/Sydney');
    const past = dayjs().tz('Australia/Sydney').subtract(1, 'hour').format('YYYY-MM-DDTHH:mm');
    // Closed from the keyboard, the dialog gives the focus back to its button; opened again, it is as new.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Reschedule');
    await page.keyboard.press('Enter');
    await field.waitFor();
    await field.fill(past);
    await dialog.getByRole('button', { name: 'Save the new time' }).click();
    await dialog.getByText('Please choose a draw time in the future.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    const target = dayjs().tz('Australia/Sydney').add(1, 'day').startOf('hour');
    await field.fill(target.format('YYYY-MM-DDTHH:mm'));
    await dialog.getByRole('button', { name: 'Save the new time' }).click();
    await page.waitForURL(detailUrl(id, '?rescheduled=true'));
    await page.getByRole('status').filter({ hasText: 'The draw has been rescheduled.' }).waitFor();
    expect((await drawOf(agent, id)).relevantDate).toBe(target.toDate().toISOString());
    await page.getByText(formatDateTime(target.toDate(), 'us', 'Australia/Sydney')).waitFor();

    await page.getByRole('button', { name: 'Cancel draw' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this draw?' });
    await confirm.getByRole('button', { name: 'Keep the draw' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await drawOf(agent, id)).state).toBe('scheduled');
    await page.getByRole('button', { name: 'Cancel draw' }).click();
    await confirm.getByRole('button', { name: 'Cancel the draw' }).click();
    await page.waitForURL(base + '/draws/?cancelled=true');
    await page.getByRole('status').filter({ hasText: 'The draw has been cancelled.' }).waitFor();
    expect((await drawOf(agent, id)).state).toBe('cancelled');
    // The cancelled draw's page offers nothing more.
    await page.goto(detailUrl(id));
    await page.getByText('This draw was cancelled and will not be drawn.').waitFor();
    expect(await page.getByRole('group', { name: 'Draw actions' }).count()).toBe(0);

    const now = await submitDraw(agent, { secondsAhead: 3600, overrides: { name: 'India now' } });
    await page.goto(detailUrl(now));
    await page.getByRole('button', { name: 'Draw now' }).click();
    await page.getByRole('dialog', { name: 'Draw now?' }).getByRole('button', { name: 'Draw now' }).click();
    await page.waitForURL(detailUrl(now, '?rescheduled=now'));
    await page.getByRole('status').filter({ hasText: 'The draw has been drawn.' }).waitFor();
    await page.getByRole('heading', { name: 'Prizes and winners' }).waitFor();
    expect((await drawOf(agent, now)).state).toBe('drawn');
    expect(appConsoleErrors(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('adds, edits and removes a scrutineer, prefills a known one, and downloads the results behind the privacy warning', async () => {
    const { page, context } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    const id = await submitDraw(agent, { overrides: { name: 'Juliet checked' } });
    await page.goto(detailUrl(id));
    const panel = page.getByRole('region', { name: 'Scrutineer' });
    await panel.getByRole('button', { name: 'Add a scrutineer' }).click();
    await panel.getByLabel('First name').fill('Jo');
    await panel.getByRole('button', { name: 'Save scrutineer' }).click();
    await panel.getByText('Please fill in all required fields.').waitFor();
    // The keyboard lands on the first field to fix.
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.startsWith('Last name'));
    await panel.getByLabel('Last name').fill('Lee');
    await panel.getByLabel('E-mail address').fill('jo.lee@example.com');
    await panel.getByLabel('Qualification').fill('Justice of the Peace');
    await panel.getByRole('button', { name: 'Save scrutineer' }).click();
    await panel.getByText('Jo Lee').waitFor();
    await panel.getByText('Justice of the Peace').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Edit scrutineer' }).click();
    expect(await panel.getByLabel('First name').inputValue()).toBe('Jo');
    await panel.getByLabel('Qualification').fill('Solicitor');
    await panel.getByRole('button', { name: 'Save scrutineer' }).click();
    await panel.getByText('Solicitor').waitFor();

    // The account's scrutineers prefill the form on another draw.
    const other = await submitDraw(agent, { overrides: { name: 'Kilo checked' } });
    await page.goto(detailUrl(other));
    await panel.getByRole('button', { name: 'Add a scrutineer' }).click();
    await chooseOption(page, 'Use an earlier scrutineer', 'Jo Lee (jo.lee@example.com)');
    expect(await panel.getByLabel('Last name').inputValue()).toBe('Lee');
    expect(await panel.getByLabel('Qualification').inputValue()).toBe('Solicitor');
    await panel.getByRole('button', { name: 'Save scrutineer' }).click();
    await panel.getByRole('button', { name: 'Remove scrutineer' }).click();
    await panel.getByRole('button', { name: 'Add a scrutineer' }).waitFor();
    expect((await agent.get('/api/draw/get/').query({ id: other })).body.scrutineer).toBeNull();
    expect((await agent.get('/api/draw/get/').query({ id })).body.scrutineer).toMatchObject({ lastName: 'Lee' });

    // Results: a privacy warning, then the CSV.
    const resultsButton = page.getByRole('button', { name: 'Download results (CSV)' });
    // The button's spinner shows while the file is on its way.
    const spinner = await watchSpinner(resultsButton);
    await resultsButton.click();
    const warning = page.getByRole('dialog', { name: 'Privacy warning' });
    await warning.getByText(/personal details/).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), warning.getByRole('link', { name: 'Download' }).click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.startsWith('\uFEFFPrize,Prize description,Winner or reserve,Order,Entry number')).toBe(true);
    expect(download.suggestedFilename()).toBe(`FairDraw-results-${displayIdOf(other)}.csv`);
    await warning.waitFor({ state: 'hidden' });
    expect(await spinner.shown()).toBe(true);

    // With privacy warnings off in the screen-share settings, the link downloads at once.
    await context.addCookies([{ name: 'screenshare', value: encodeURIComponent(JSON.stringify({ privacyWarnings: false })), url: base, sameSite: 'Strict' }]);
    await page.reload();
    const [direct] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download results (CSV)' }).click()]);
    expect(direct.suggestedFilename()).toBe(`FairDraw-results-${displayIdOf(other)}.csv`);
    await context.close();
  });

  it('shows a visitor the draw without owner actions or private data, and lets a visitor who made a draw create an account for it', async () => {
    const owner = await chromium.newPage();
    const { agent, email } = await customerInBrowser(t, owner.context, base);
    const id = await submitDraw(agent, { overrides: { name: 'Lima public' } });
    await owner.context.close();

    const { page, context } = await chromium.newPage({ width: 360, height: 740 });
    await page.goto(detailUrl(id));
    await page.getByRole('heading', { name: 'Prizes and winners' }).waitFor();
    for (const name of ['Reschedule', 'Draw now', 'Cancel draw', 'Download results (CSV)', 'Add a scrutineer']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await page.getByRole('heading', { name: 'Create an account for this draw' }).count()).toBe(0);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A visitor's demo draw belongs to the browser tab that made it (its clientSession).
    const clientSession = 'visitor-tab-0123456789';
    const visitorDraw = async (name: string) =>
      (
        await request(t.app.getHttpServer())
          .post('/api/draw/submitdraw/')
          .set('X-Forwarded-For', freshAddress())
          .send(simpleDraw({ name, paymentOption: 4, entriesCount: 50, clientSession }))
          .expect(200)
      ).body as string;
    const mine = await visitorDraw('Mike visitor');
    await context.addInitScript((session) => window.sessionStorage.setItem('fairdraw.clientSession', session), clientSession);
    await page.goto(detailUrl(mine));
    const form = page.getByRole('form', { name: 'Create an account for this draw' });
    await form.getByLabel('E-mail address').fill(email);
    await form.getByRole('button', { name: 'Create my account' }).click();
    await form.getByRole('alert').filter({ hasText: ACCOUNT_EXISTS }).waitFor();
    // Said once, in the form: no notification repeats it.
    expect(await page.getByText(ACCOUNT_EXISTS).count()).toBe(1);

    const newEmail = `visitor-${Math.random().toString(36).slice(2, 10)}@example.com`;
    await form.getByLabel('E-mail address').fill(newEmail);
    await form.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText('We have created your account and e-mailed you a link to choose its password.').waitFor();
    await form.waitFor({ state: 'detached' });
    const [row] = await t.query<{ email: string }>('SELECT u.email FROM draw d JOIN users u ON u.id = d.owner_user_id WHERE d.id = $1', [mine]);
    expect(row.email).toBe(newEmail);
    await context.close();
  });

  it("shows the winners' rows to the browser that made an upload draw only, and hides them while screen sharing", async () => {
    const clientSession = 'upload-tab-0123456789';
    const rows = Array.from({ length: 30 }, (_, i) => `Entrant ${String(i + 1).padStart(2, '0')}-${'q'.repeat(3)},entrant-${i + 1}-xk@example.com`);
    const file = ['name,email', ...rows].join('\n') + '\n';
    const { fileName } = await uploaded(t, 'entries.csv', file, clientSession);
    const id = (
      await request(t.app.getHttpServer())
        .post('/api/draw/submitdraw/')
        .set('X-Forwarded-For', freshAddress())
        .send(simpleDraw({ name: 'Papa upload', paymentOption: 4, entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession }))
        .expect(200)
    ).body as string;

    // The browser tab that made it sees the rows, also at 360 px.
    const { page, context } = await chromium.newPage({ width: 360, height: 740 });
    await context.addInitScript((session) => window.sessionStorage.setItem('fairdraw.clientSession', session), clientSession);
    await page.goto(detailUrl(id));
    const winners = page.getByRole('list', { name: 'Prize 1: Bike: winners' });
    await winners.waitFor();
    expect(await winners.textContent()).toMatch(/entrant-\d+-xk@example\.com/);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Screen-share mode hides the rows (and the entry count).
    await context.addCookies([{ name: 'screenshare', value: encodeURIComponent(JSON.stringify({ enabled: true })), url: base, sameSite: 'Strict' }]);
    await page.reload();
    await winners.waitFor();
    expect(await winners.textContent()).not.toContain('@example.com');
    expect(await page.getByText('Entries', { exact: true }).count()).toBe(0);
    await context.close();

    // Anyone else sees no value of the file.
    const stranger = await chromium.newPage();
    await stranger.page.goto(detailUrl(id));
    await stranger.page.getByRole('list', { name: 'Prize 1: Bike: winners' }).waitFor();
    const text = (await stranger.page.locator('body').textContent()) ?? '';
    for (const cell of rows.flatMap((line) => line.split(','))) expect(text).not.toContain(cell);
    await stranger.context.close();
  });

  it('looks a draw up by its id, and says when the id is wrong or unknown', async () => {
    const { page, context } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    const id = await submitDraw(agent, { overrides: { name: 'November found' } });
    const displayId = displayIdOf(id);

    await page.goto(`${base}/lookup/?id=${encodeURIComponent('#12')}`);
    const field = page.getByLabel('Draw ID');
    expect(await field.inputValue()).toBe('#12');
    await page.getByRole('button', { name: 'Find the draw' }).click();
    await page.getByText('Please enter a valid 12-digit hexadecimal ID.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await field.fill('#000000000000');
    await page.getByRole('button', { name: 'Find the draw' }).click();
    await page.getByText('Draw not found.', { exact: true }).first().waitFor();

    await field.fill(`# ${displayId.slice(0, 4)} ${displayId.slice(4, 8)} ${displayId.slice(8).toLowerCase()}`);
    await field.press('Enter');
    await page.waitForURL(detailUrl(id));
    await page.getByRole('heading', { level: 1, name: 'November found' }).waitFor();
    await page.getByText(`#${displayId}`).waitFor();
    await context.close();
  });

  it('sends a user whose draw cannot be loaded to the list, and an owner of an error draw to its error modal', async () => {
    const { page, context } = await chromium.newPage();
    const { agent } = await customerInBrowser(t, context, base);
    await page.goto(detailUrl('0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d'));
    await page.waitForURL(base + '/draws/?draw_error=true');
    await page.getByRole('dialog', { name: 'The draw could not be opened' }).waitFor();

    const failed = await submitDraw(agent, { secondsAhead: 3600, overrides: { name: 'Oscar failed' } });
    await t.query(`UPDATE draw SET state = 'error', error_message = 'Not enough entrants.' WHERE id = $1`, [failed]);
    await page.goto(detailUrl(failed));
    await page.waitForURL(base + '/draws/?draw_error=true');
    await page.getByRole('dialog', { name: 'This draw could not be run' }).getByText('Not enough entrants.').waitFor();
    await context.close();
  });
});

/** Picks an option of a Mantine Select by its label. */
async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
