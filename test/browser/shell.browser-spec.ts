/// <reference lib="dom" />
import type { AnalyticsEvent } from '../../client/src/shared/analytics/analytics.js';
import { launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('client shell in Chromium', () => {
  let t: TestApp;
  let base: string;
  let chromium: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  it('renders the home page with its title, site configuration and no serious accessibility violation', async () => {
    const { page, consoleErrors } = await chromium.newPage();
    const reviewsAnswered = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/site/reviews'));
    await page.goto(base + '/');
    await page.getByRole('heading', { level: 1, name: 'Random prize draws you can prove were fair' }).waitFor();
    expect(await page.title()).toBe('Certified Random Prize Draws | FairDraw™');
    // No reviews box is claimed before the reviews are known, nor once they are (none is stored here).
    expect(await page.getByRole('heading', { name: 'What customers say' }).count()).toBe(0);
    await page.getByRole('heading', { level: 2, name: 'Pricing' }).scrollIntoViewIfNeeded();
    await page.getByText('Up to 1,000,000 winners').waitFor();
    await reviewsAnswered;
    expect(await page.getByRole('heading', { name: 'What customers say' }).count()).toBe(0);
    // No review is stored here, so no rating is claimed (nor in the structured data).
    expect(await page.getByText(/^Rated /).count()).toBe(0);
    expect(await page.locator('script[data-structured-data="business"]').textContent()).not.toContain('aggregateRating');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    const events = await page.evaluate(() => (window as unknown as { __FAIRDRAW_ANALYTICS_EVENTS__: AnalyticsEvent[] }).__FAIRDRAW_ANALYTICS_EVENTS__);
    expect(events).toContainEqual({ kind: 'pageView', name: '/', data: { title: 'Certified Random Prize Draws | FairDraw™' } });
    await page.context().close();
  });

  it('serves a country site under its prefix with country wording and prices', async () => {
    const { page } = await chromium.newPage();
    await page.goto(base + '/au/');
    await page.getByText('A$50').waitFor();
    expect(await page.title()).toBe('Trade Promotion Prize Draws for Australia | FairDraw™');
    await page.getByText(/trade promotions in Australia/).waitFor();
    // Links keep the country prefix.
    expect(await page.getByRole('link', { name: 'FAQs' }).first().getAttribute('href')).toBe('/au/faqs/');
    // The footer's flags are SVG images that have loaded (issue 27), not emoji that some systems cannot draw.
    const footer = page.getByRole('contentinfo');
    const flags = footer.locator('a img');
    await flags.first().scrollIntoViewIfNeeded();
    expect(await flags.count()).toBe(6);
    const drawn = await flags.evaluateAll((images) => images.map((image) => /svg/.test((image as HTMLImageElement).currentSrc) && (image as HTMLImageElement).naturalWidth > 0));
    expect(drawn).toEqual(Array(6).fill(true));
    expect(await footer.innerText()).not.toMatch(/\p{Regional_Indicator}/u);
    await page.context().close();
  });

  it('adds the trailing slash to a generator URL and uses the full-background layout', async () => {
    const { page } = await chromium.newPage();
    await page.goto(base + '/random-number-generator?count=5');
    await page.waitForURL(base + '/random-number-generator/?count=5');
    await page.getByRole('heading', { level: 1, name: 'Random Number Generator' }).waitFor();
    expect(await page.title()).toBe('Random Number Generator | FairDraw™');
    const background = async () => page.locator('main').evaluate((main) => getComputedStyle(main).backgroundImage);
    expect(await background()).toContain('radial-gradient');
    await page.goto(base + '/lookup/');
    await page.getByRole('heading', { level: 1, name: 'Look up a draw' }).waitFor();
    expect(await background()).toBe('none');
    await page.context().close();
  });

  it('sends an unknown URL to the 404 page and logs Error: 404', async () => {
    const { page, consoleErrors } = await chromium.newPage();
    // The server answers an unknown address with 404 (no soft 404), and the page still shows the site's error page.
    const response = await page.goto(base + '/no/such/page/');
    expect(response?.status()).toBe(404);
    await page.waitForURL(base + '/error/404/');
    await page.getByRole('heading', { name: 'This page does not exist' }).waitFor();
    expect(consoleErrors).toContain('Error: 404');
    expect(await page.title()).toBe('Page not found | FairDraw™');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('rejects a route parameter of the wrong type as an unknown URL', async () => {
    const { page, consoleErrors } = await chromium.newPage();
    await page.goto(base + '/draws/detail/not-a-draw-id/');
    await page.waitForURL(base + '/error/404/');
    expect(consoleErrors).toContain('Error: 404');
    await page.goto(base + '/draws/detail/0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d/');
    await page.getByRole('heading', { level: 1, name: 'Draw' }).waitFor();
    await page.context().close();
  });

  it('sends a visitor on a private route to login with the ReturnUrl, keeping the country prefix', async () => {
    const { page } = await chromium.newPage();
    await page.goto(base + '/draws/?cancelled=true');
    await page.waitForURL(base + '/account/login/?ReturnUrl=%2Fdraws%2F%3Fcancelled%3Dtrue');
    await page.goto(base + '/uk/account/edit/');
    await page.waitForURL(base + '/uk/account/login/?ReturnUrl=%2Fuk%2Faccount%2Fedit%2F');
    // The title follows once the login screen's code has loaded.
    await page.waitForFunction(() => document.title === 'Log in | FairDraw™');
    await page.context().close();
  });

  it('scrolls to the top on a route change, blocks Backspace outside fields and scrolls to pricing on ?pricing', async () => {
    const { page } = await chromium.newPage({ height: 600 });
    await page.goto(base + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Random number generator' }).click();
    await page.waitForURL(base + '/random-number-generator/');
    await page.waitForFunction(() => window.scrollY === 0);

    const blocked = await page.evaluate(() => {
      const event = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(blocked).toBe(true);
    const inField = await page.evaluate(() => {
      const input = document.createElement('input');
      document.body.appendChild(input);
      const event = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true });
      input.dispatchEvent(event);
      input.remove();
      return event.defaultPrevented;
    });
    expect(inField).toBe(false);

    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(base + '/?pricing=true');
    await page.waitForFunction(() => {
      const top = document.getElementById('pricing')?.getBoundingClientRect().top ?? 9999;
      return window.scrollY > 0 && Math.abs(top) < 80;
    });
    await page.context().close();
  });

  it('stops the loading indicator and logs the error when a screen fails to load', async () => {
    const { page, consoleErrors } = await chromium.newPage();
    await page.route(/\/assets\/faqs-page-[^/]+\.js$/, (route) => route.abort());
    await page.goto(base + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'FAQs' }).click();
    await page.getByRole('alert').filter({ hasText: 'This page could not be loaded' }).waitFor();
    expect(await page.getByLabel('Loading page').count()).toBe(0);
    expect(consoleErrors.some((message) => message.startsWith('Route change failed:'))).toBe(true);
    await page.context().close();
  });

  it('is usable at 360 px: the navigation collapses into a menu that opens from the keyboard', async () => {
    const { page } = await chromium.newPage({ width: 360, height: 740 });
    await page.goto(base + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const hasHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(hasHorizontalScroll).toBe(false);
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await burger.focus();
    await page.keyboard.press('Enter');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.getByRole('link', { name: 'Look up a draw' }).click();
    await page.waitForURL(base + '/lookup/');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('hydrates the prerendered home and number generator without a mismatch, the wizard in its phone layout from the first paint', async () => {
    // As served, before any script: the phone's progress line, not the stepper (CSS picks one, no media query in script).
    const plain = await chromium.browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
    const served = await plain.newPage();
    await served.goto(base + '/');
    expect(await served.locator('#root[data-prerendered]').count()).toBe(1);
    await served.getByText('Step 1 of').waitFor();
    expect(await served.locator('.mantine-Stepper-root').isVisible()).toBe(false);
    await plain.close();

    const { page, consoleErrors } = await chromium.newPage({ width: 412, height: 823 });
    // A mismatch is reported as an uncaught error and the page is rendered again from scratch.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    for (const path of ['/', '/au/', '/random-number-generator/']) {
      await page.goto(base + path);
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    // Each country site's home is rendered on request with its prices (issue 27), and hydrates with them.
    for (const [path, prices] of [
      ['/', 'Or buy credits: 10 for $240, 100 for $1,600'],
      ['/uk/', 'Or buy credits: 10 for £180, 100 for £1,200'],
    ]) {
      await page.goto(base + path);
      // The sections below the fold hydrate as they come near.
      await page.getByRole('heading', { level: 2, name: 'Pricing' }).scrollIntoViewIfNeeded();
      await page.getByText('Up to 1,000,000 winners').waitFor();
      await page.getByText(prices).waitFor();
      // The visitor's first input starts the app: the whole page hydrates, its prices kept.
      await page.getByRole('heading', { level: 2, name: 'Pricing' }).click();
      await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
      await page.getByText(prices).waitFor();
      await page.getByText('Step 1 of').waitFor();
      expect(await page.locator('.mantine-Stepper-root').isVisible()).toBe(false);
    }
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
