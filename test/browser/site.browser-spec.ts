/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import type { AnalyticsEvent } from '../../client/src/shared/analytics/analytics.js';
import { deliveredTo, registeredUser } from '../support/accounts.js';
import { logInThroughPage } from '../support/browser-accounts.js';
import { customerInBrowser, submitDraw } from '../support/browser-draws.js';
import { appHydrated, gotoUnstarted, launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

const CHAT_URL = 'https://chat.fairdraw.test/widget.js';

const events = (page: Page) => page.evaluate(() => (window as unknown as { __FAIRDRAW_ANALYTICS_EVENTS__: AnalyticsEvent[] }).__FAIRDRAW_ANALYTICS_EVENTS__);

describe('the site around the product in Chromium', () => {
  let t: TestApp;
  let base: string;
  let port: string;
  let chromium: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOWED_HOSTNAMES: 'fairdraw.test', CHAT_WIDGET_URL: CHAT_URL, SUPPORT_EMAIL: 'help@fairdraw.test' } });
    base = await t.listen();
    port = new URL(base).port;
    // Country host names of a configured domain, and one outside the allowed list, all reach this app.
    chromium = await launchBrowser({ args: ['--host-resolver-rules=MAP au.fairdraw.test 127.0.0.1, MAP fairdraw.evil.example 127.0.0.1'] });
    // Fixture reviews, clearly examples (the product ships none).
    await t.query(
      `INSERT INTO review (author_id, reviewed_at, rating, author_name, author_job_title, company_name, company_logo_file, company_url, text) VALUES
       ('example-1', now() - interval '3 days', 5, 'Example Reviewer One', 'Example Manager', 'Example Retail', '', 'https://example.com/', $1),
       ('example-2', now() - interval '30 hours', 5, 'Example Reviewer Two', 'Example Director', 'Example Agency', '', '', 'EXAMPLE REVIEW <b>not bold</b>, not a real customer.'),
       ('example-3', now() - interval '10 days', 5, 'Example Reviewer Three', 'Example Lawyer', 'Example Legal', '', '', 'EXAMPLE REVIEW, not a real customer.')`,
      ['EXAMPLE REVIEW, not a real customer. ' + 'We drew forty thousand entries and the certificate answered every question. '.repeat(5) + 'LAST-WORDS'],
    );
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  it('keeps the /au/ prefix and AUD prices through a journey, and does the same on an au. host', async () => {
    const { page, context } = await chromium.newPage();
    await page.goto(base + '/au/faqs');
    await page.waitForURL(base + '/au/faqs/');
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    expect(await page.title()).toBe('FAQs for Australian Trade Promotions | FairDraw™');
    await page.getByRole('button', { name: /Is a FairDraw draw accepted for Australian trade promotion lotteries/ }).waitFor();
    expect(await page.getByRole('button', { name: /\?$/ }).count()).toBeGreaterThanOrEqual(15);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'How it works' }).click();
    await page.waitForURL(base + '/au/compliance/');
    await page.getByRole('heading', { level: 1, name: 'Trade promotion compliance in Australia' }).waitFor();
    expect(await page.locator('script[data-structured-data="compliance-video"]').textContent()).toContain('Australia');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(base + '/au/?pricing=true');
    await page.getByText('A$50').first().waitFor();

    await page.goto(`http://au.fairdraw.test:${port}/compliance`);
    await page.waitForURL(`http://au.fairdraw.test:${port}/compliance/`);
    await page.getByRole('heading', { level: 1, name: 'Trade promotion compliance in Australia' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`http://au.fairdraw.test:${port}/?pricing=true`);
    await page.getByText('A$50').first().waitFor();
    // The footer's flags clear the currency choice and stay in this window.
    const flag = page.getByRole('navigation', { name: 'Country sites' }).getByRole('link', { name: /UK/ });
    expect(await flag.getAttribute('target')).toBeNull();
    await context.close();
  });

  it('serves every information page with its content and no serious accessibility violation', async () => {
    const { page, context, consoleErrors } = await chromium.newPage({ width: 360, height: 740 });
    await context.route(CHAT_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    const pages: [string, string, string][] = [
      ['/about/', 'About FairDraw', 'About us | FairDraw™'],
      ['/news/', 'News', 'News | FairDraw™'],
      ['/terms/', 'Terms and conditions', 'Terms and conditions | FairDraw™'],
      ['/privacy/', 'Privacy policy', 'Privacy policy | FairDraw™'],
      ['/cookies/', 'Cookie policy', 'Cookie policy | FairDraw™'],
      ['/uk/compliance/', 'Prize draw compliance in the UK', 'Prize Draw Compliance in the UK | FairDraw™'],
      ['/api/', 'The FairDraw API', 'API | FairDraw™'],
    ];
    for (const [path, heading, title] of pages) {
      await page.goto(base + path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.title()).toBe(title);
      expect([path, await seriousAccessibilityViolations(page)]).toEqual([path, []]);
    }
    // The API page lists the endpoints of the OpenAPI document, this very form among them.
    await page.getByText('/api/Contact/CreateHelpContact').waitFor();
    await page.goto(base + '/cookies/');
    for (const name of ['fairdraw.sid', 'currency', 'screenshare', 'listconfig']) await page.getByText(name, { exact: true }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('does not start on a host outside the allowed list, logging 404', async () => {
    const { page, consoleErrors, context } = await chromium.newPage();
    await page.goto(`http://fairdraw.evil.example:${port}/`);
    await waitUntil(
      async () => consoleErrors,
      (errors) => errors.includes('404'),
      'the 404 console error',
    );
    expect(await page.locator('#root').innerHTML()).toBe('');
    await context.close();
  });

  it('hides entry counts, e-mail addresses and the account step while screen sharing, with a 1 s clock', async () => {
    const { page, context } = await chromium.newPage();
    const { agent, email } = await customerInBrowser(t, context, base);
    const id = await submitDraw(agent, { overrides: { name: 'Screen share draw' } });
    await agent
      .post('/api/draw/saveScrutineer')
      .send({ drawId: id, fields: { firstName: 'Sam', lastName: 'Scrutineer', emailAddress: 'sam@scrutineer.example' } })
      .expect(200);

    // In the future, so cookies the page sets with a lifetime are not already expired by the real clock.
    const start = Date.parse('2030-01-03T09:05:01Z');
    await page.clock.install({ time: start });
    await page.goto(base + '/draws/detail/' + id + '/');
    await page.getByRole('heading', { level: 1, name: 'Screen share draw' }).waitFor();
    await page.getByText('sam@scrutineer.example').waitFor();
    expect(await page.getByText('Entries', { exact: true }).count()).toBe(1);

    await page.goto(base + '/screensharemode/');
    await page.getByRole('switch', { name: 'Screen-share mode' }).check();
    await page.getByRole('combobox', { name: 'Clock time zone' }).fill('UTC');
    await page.getByRole('option', { name: 'UTC', exact: true }).click();
    const clock = page.getByRole('region', { name: 'Screen-share mode' }).getByTestId('screen-share-clock');
    // The test drives the clock from here: a minute after the start, then second by second.
    await page.clock.pauseAt(start + 60_000);
    await page.clock.runFor(1000);
    expect(await clock.textContent()).toBe('3 Jan 2030 09:06:02 am (UTC)');
    await page.clock.runFor(1000);
    expect(await clock.textContent()).toBe('3 Jan 2030 09:06:03 am (UTC)');
    await page.clock.resume();
    const cookie = (await context.cookies()).find((c) => c.name === 'screenshare')!;
    expect(cookie.sameSite).toBe('Strict');
    expect(JSON.parse(decodeURIComponent(cookie.value))).toMatchObject({ enabled: true, timezone: 'UTC', entryCount: false });
    expect(await events(page)).toContainEqual(expect.objectContaining({ kind: 'event', name: 'screenShare' }));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto(base + '/draws/detail/' + id + '/');
    await page.getByRole('heading', { level: 1, name: 'Screen share draw' }).waitFor();
    await page.getByText('Sam Scrutineer').waitFor();
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain('sam@scrutineer.example');
    expect(text).not.toContain(email);
    expect(await page.getByText('Entries', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect((await page.locator('body').textContent()) ?? '').not.toContain(email);
    await page.keyboard.press('Escape');

    // The wizard skips the account and payment steps and hides the entry count.
    await page.goto(base + '/');
    await page.getByLabel('Name of the draw').waitFor();
    const steps = await page.locator('.mantine-Stepper-stepLabel').allTextContents();
    expect(steps).not.toContain('Payment');
    expect(steps).not.toContain('Account');
    expect((await page.locator('body').textContent()) ?? '').not.toContain(email);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('switches screen-share mode off when a demo draw starts and on log-in', async () => {
    const { page, context } = await chromium.newPage();
    const sharing = async () => {
      const cookie = (await context.cookies()).find((c) => c.name === 'screenshare');
      return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { enabled: boolean }).enabled : false;
    };
    const bar = page.getByRole('region', { name: 'Screen-share mode' });
    const switchOn = async () => {
      await page.goto(base + '/screensharemode/');
      await page.getByRole('switch', { name: 'Screen-share mode' }).check();
      await bar.waitFor();
      expect(await sharing()).toBe(true);
    };

    await switchOn();
    await page.goto(base + '/');
    await bar.waitFor();
    await page.getByRole('switch', { name: /Demo draw/ }).check();
    await bar.waitFor({ state: 'detached' });
    expect(await sharing()).toBe(false);

    await switchOn();
    const { email } = await registeredUser(t.app);
    await page.goto(base + '/account/login/');
    await bar.waitFor();
    await logInThroughPage(page, email);
    await bar.waitFor({ state: 'detached' });
    expect(await sharing()).toBe(false);
    await context.close();
  });

  it('loads Google Analytics only when a measurement id is configured, and sends it the page views', async () => {
    const gtagRequests: string[] = [];
    const watch = (context: import('playwright-core').BrowserContext) =>
      context.route(/googletagmanager\.com/, (route) => {
        gtagRequests.push(route.request().url());
        return route.fulfill({ contentType: 'text/javascript', body: 'window.__gtagLoaded = true;' });
      });
    const dataLayer = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry) => Array.from(entry)));

    // Not configured (this file's app): no script, nothing queued.
    // The product's own adapters, not the recording one the other tests read.
    const plain = await chromium.newPage({ recordAnalytics: false });
    await watch(plain.context);
    await plain.page.goto(base + '/about/');
    await plain.page.getByRole('heading', { level: 1, name: 'About FairDraw' }).waitFor();
    await plain.page.getByRole('contentinfo').waitFor();
    expect(await dataLayer(plain.page)).toEqual([]);
    await plain.context.close();
    expect(gtagRequests).toEqual([]);

    const measured = await createTestApp({ env: { ANALYTICS_ID: 'G-FAIRDRAW1' } });
    try {
      const measuredBase = await measured.listen();
      const { page, context } = await chromium.newPage({ recordAnalytics: false });
      await watch(context);
      await page.goto(measuredBase + '/about/');
      await page.getByRole('heading', { level: 1, name: 'About FairDraw' }).waitFor();
      await page.waitForFunction(() => (window as unknown as { __gtagLoaded?: boolean }).__gtagLoaded === true);
      expect(gtagRequests).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-FAIRDRAW1']);
      await page.getByRole('contentinfo').getByRole('link', { name: 'News' }).click();
      await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
      const sent = await waitUntil(
        () => dataLayer(page),
        (entries) => entries.some((entry) => entry[0] === 'event' && entry[1] === 'page_view' && (entry[2] as { page_path?: string }).page_path === '/news/'),
        'the news page view in the data layer',
      );
      expect(sent).toContainEqual(['config', 'G-FAIRDRAW1', { send_page_view: false, anonymize_ip: true }]);
      expect(sent).toContainEqual(['event', 'page_view', expect.objectContaining({ page_path: '/about/' })]);
      await context.close();

      // With a service configured, a prerendered page's app starts with the load: a visit with no input is counted.
      const reader = await chromium.newPage({ recordAnalytics: false });
      await watch(reader.context);
      await gotoUnstarted(reader.page, measuredBase + '/');
      await appHydrated(reader.page);
      await waitUntil(
        () => dataLayer(reader.page),
        (entries) => entries.some((entry) => entry[0] === 'event' && entry[1] === 'page_view' && (entry[2] as { page_path?: string }).page_path === '/'),
        "home's page view in the data layer",
      );
      await reader.context.close();
    } finally {
      await measured.close();
    }
  });

  it('sends the contact form to the outbox', async () => {
    const { page, context } = await chromium.newPage({ width: 360, height: 740 });
    await page.goto(base + '/contact/');
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please enter your name.').waitFor();
    await page.getByLabel('Your name', { exact: false }).fill('Pat Promoter');
    await page.getByLabel('E-mail address', { exact: false }).fill('pat@example.com');
    await page.getByRole('combobox', { name: 'What is it about?' }).click();
    await page.getByRole('option', { name: 'Compliance and certificates' }).click();
    await page.getByLabel('Message', { exact: false }).fill('Does the certificate satisfy the ACT permit conditions?');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(/Your message has reference FD-[0-9A-F]{8}/).waitFor();
    // The answer stands in for the form, and has its focus: read out, and the keyboard carries on from it.
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Message sent'));
    const [mail] = await deliveredTo(t, 'help@fairdraw.test');
    expect(mail.subject).toMatch(/Compliance and certificates: Pat Promoter$/);
    expect(mail.text).toContain('Does the certificate satisfy the ACT permit conditions?');
    await context.close();
  });

  it('shows the reviews box on home and the vertical list with More, date labels and encoded text', async () => {
    const { page, context } = await chromium.newPage();
    await page.goto(base + '/reviews/');
    await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    expect(await page.getByTestId('review-date').allTextContents()).toEqual(['yesterday', 'in the last week', 'a week ago']);
    await page.getByText('EXAMPLE REVIEW <b>not bold</b>, not a real customer.').waitFor();
    expect(await page.locator('article b').count()).toBe(0);
    expect(await page.getByText(/LAST-WORDS/).count()).toBe(0);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByText(/LAST-WORDS/).waitFor();
    await page.getByRole('button', { name: 'Less' }).waitFor();
    expect(
      await page
        .getByRole('img', { name: 'Rated 5 out of 5' })
        .first()
        .evaluate((stars) => stars.getBoundingClientRect().width),
    ).toBe(70);
    expect(await page.locator('script[data-structured-data="business"]').textContent()).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":"5.0","reviewCount":3,');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto(base + '/');
    // Home's box: the sections below the fold hydrate, and load the reviews, as the visitor comes near them.
    await page.getByRole('heading', { level: 2, name: 'Pricing' }).scrollIntoViewIfNeeded();
    await page.getByRole('article', { name: 'Review by Example Reviewer Three' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(3);
    await context.close();
  });

  it('only logs R ERROR when the reviews cannot be read, and shows the page without them', async () => {
    const { page, context, consoleErrors } = await chromium.newPage();
    await context.route('**/api/site/reviews*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
    await page.goto(base + '/reviews/');
    await waitUntil(
      async () => consoleErrors,
      (errors) => errors.some((error) => error.startsWith('R ERROR')),
      'the R ERROR log line',
    );
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Example Reviewer One').count()).toBe(0);
    await page.getByRole('contentinfo').waitFor();
    await context.close();
  });

  it('tracks scroll marks at most every 500 ms and sends them at most once a minute, and defers the chat widget 5 s', async () => {
    // A low window, so the page is several windows tall.
    const { page, context } = await chromium.newPage({ height: 400 });
    let chatRequests = 0;
    await context.route(CHAT_URL, (route) => {
      chatRequests += 1;
      return route.fulfill({ contentType: 'text/javascript', body: 'window.__chatLoaded = true;' });
    });
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto(base + '/about/');
    await page.getByRole('heading', { level: 1, name: 'About FairDraw' }).waitFor();
    const scrolls = async () => (await events(page)).filter((event) => event.name === 'scroll');

    // The bottom of the window at 55 % of the page.
    // Scrolls and waits until the page has had its scroll event, so the 500 ms are counted from it.
    const scrollTo = (fraction: number) =>
      page.evaluate(
        (at) =>
          new Promise<void>((resolve) => {
            const target = Math.max(0, Math.min(document.documentElement.scrollHeight * at - window.innerHeight, document.documentElement.scrollHeight - window.innerHeight));
            if (Math.abs(window.scrollY - target) < 1) throw new Error(`The page is already at ${target}`);
            window.addEventListener('scroll', () => resolve(), { once: true });
            window.scrollTo(0, target);
          }),
        fraction,
      );
    await scrollTo(0.55);
    await page.clock.runFor(499);
    expect(await scrolls()).toEqual([]);
    await page.clock.runFor(1);
    expect((await scrolls()).map((event) => event.data?.depth)).toEqual([50]);

    await scrollTo(1);
    await page.clock.runFor(500);
    expect(await scrolls()).toHaveLength(1);
    await page.clock.runFor(58_000);
    expect(await scrolls()).toHaveLength(1);
    await page.clock.runFor(2000);
    expect((await scrolls()).map((event) => event.data)).toEqual([
      { depth: 50, marks: '25,50', path: '/about/' },
      { depth: 100, marks: '75,100', path: '/about/' },
    ]);
    // The chat widget was asked for 5 s after start; its script then arrives over the network, on no fake timer.
    // Time flows again for the wait, which polls on animation frames that a paused clock holds back.
    await page.clock.resume();
    await page.waitForFunction(() => (window as unknown as { __chatLoaded?: boolean }).__chatLoaded === true);
    expect(chatRequests).toBe(1);
    await context.close();

    // Not before 5 s, and never on a certificate page.
    const second = await chromium.newPage();
    await second.context.route(CHAT_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__chatLoaded = true;' }));
    const secondStart = Date.now();
    await second.page.clock.install({ time: secondStart });
    await second.page.clock.pauseAt(secondStart + 1000);
    // The site configuration names the widget: it has arrived (over the network, on no fake timer) before the clock
    // moves, or a late answer would set the remaining delay to 0 on a paused clock.
    const configured = second.page.waitForResponse((response) => response.url().includes('/api/site/configuration'));
    await second.page.goto(base + '/news/');
    await second.page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    await configured;
    await second.page.clock.runFor(4900);
    expect(await second.page.locator(`script[src="${CHAT_URL}"]`).count()).toBe(0);
    await second.page.clock.runFor(200);
    await second.page.locator(`script[src="${CHAT_URL}"]`).waitFor({ state: 'attached' });
    await second.page.goto(base + '/cert/ABCDE/');
    await second.page.clock.runFor(10_000);
    expect(await second.page.locator(`script[src="${CHAT_URL}"]`).count()).toBe(0);
    await second.context.close();
  });
});
