/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Frame, type Locator, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface TestBrowser {
  browser: Browser;
  newPage(options?: { width?: number; height?: number; recordAnalytics?: boolean }): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[] }>;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network; Playwright gives it a fresh profile. */
export async function launchBrowser(options: { args?: string[] } = {}): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(options.args ?? [])],
  });
  return {
    browser,
    async newPage({ width = 1280, height = 900, recordAnalytics = true } = {}) {
      const context = await browser.newContext({ viewport: { width, height } });
      if (recordAnalytics) await context.addInitScript(() => ((window as unknown as { __FAIRDRAW_ANALYTICS__: string }).__FAIRDRAW_ANALYTICS__ = 'record'));
      // Playwright's 30 s default is too short for a page that runs a draw while every core is busy; a hung test is
      // still stopped by Jest's limit.
      context.setDefaultTimeout(60_000);
      const page = await context.newPage();
      // A prerendered page (home, the number generator, a certificate) shows before its app runs, which starts at
      // the visitor's first input: a test starts it and interacts once the app has hydrated the page (the tests of
      // what happens before open the page with `gotoUnstarted`).
      const goto = page.goto.bind(page);
      unstartedGoto.set(page, goto);
      page.goto = async (url, gotoOptions) => {
        const response = await goto(url, gotoOptions);
        await appStarted(page);
        return response;
      };
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      return { page, context, consoleErrors };
    },
    async close() {
      await browser.close();
    },
  };
}

const unstartedGoto = new WeakMap<Page, Page['goto']>();

/** Opens `url` as a visitor does, without the input that starts the app on a prerendered page. */
export async function gotoUnstarted(page: Page, url: string): Promise<void> {
  await unstartedGoto.get(page)!(url);
}

/**
 * Starts the app on a prerendered page with an input that does nothing else (a press of Shift), and waits until it
 * runs the page: hydrated, its marker gone. A page the app renders itself only waits.
 */
export async function appStarted(page: Page): Promise<void> {
  if (await page.locator('#root[data-prerendered]').count()) await page.keyboard.press('Shift');
  await appHydrated(page);
}

/** Waits, with no input of its own, until the app has hydrated the prerendered page: its marker gone. */
export async function appHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
}

/**
 * Holds back the chunk of the app's start (`client/src/app/start.tsx`) on the page's next loads until `release` is
 * called: what the test does meanwhile happens before the app runs, whatever the machine's speed.
 */
export async function holdBackAppStart(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Puts axe-core in a frame once per document. Sending and compiling its 550 KB source costs more than a scan on two
 * busy cores (about 1.5 s against 0.5 s), and @axe-core/playwright's builder sent it twice on every scan.
 */
async function injectAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => 'axe' in window)) return;
  await frame.evaluate(axe.source);
  await frame.evaluate(() => (window as unknown as { axe: typeof axe }).axe.configure({ allowedOrigins: ['<same_origin>'] }));
}

/**
 * axe-core's serious and critical findings on the page as it is now: axe runs once in the top document and reaches
 * the same-origin frames (the preview frames) through its own messaging, as @axe-core/playwright's legacy mode does;
 * only violations are collected.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await injectAxe(page.mainFrame());
  // A frame axe cannot enter (gone, or not yet a document) is left out, as the builder left it out.
  for (const frame of page.frames().slice(1)) await injectAxe(frame).catch(() => undefined);
  const violations = await page.evaluate(
    async (tags) =>
      (await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations.map(({ id, help, impact, nodes }) => ({
        id,
        help,
        impact,
        targets: nodes.map((node) => node.target.join(' ')),
      })),
    AXE_TAGS,
  );
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.help} (${violation.targets.join(', ')})`);
}

/** Whether React has hydrated the element `selector` finds: it marks each node it hydrates with its fiber. */
export async function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((found) => Object.keys(document.querySelector(found)!).some((key) => key.startsWith('__reactFiber')), selector);
}

/**
 * Watches a button's spinner (Mantine's `data-loading`) from now on. A spinner that turns for a set time (5 s for
 * the downloads) may be gone by the time a busy machine has handed the file over, so it is recorded as it shows.
 */
export async function watchSpinner(button: Locator): Promise<{ shown(): Promise<boolean> }> {
  await button.evaluate((element) => {
    new MutationObserver(() => {
      if (element.getAttribute('data-loading') === 'true') element.setAttribute('data-spun', 'true');
    }).observe(element, { attributes: true, attributeFilter: ['data-loading'] });
  });
  return { shown: async () => (await button.getAttribute('data-spun')) === 'true' };
}

/**
 * Holds the page's requests to `url` until the test lets them through, one at a time in the order they were sent,
 * so a busy state lasts exactly as long as the test needs it, whatever the machine's speed. `sent` counts the
 * requests the page has sent (its request events).
 */
export async function holdRequests(page: Page, url: RegExp): Promise<{ sent(): number; release(): void }> {
  const gates: { passed: Promise<void>; open: () => void }[] = [];
  const gate = (index: number) => {
    if (!gates[index]) {
      let open!: () => void;
      const passed = new Promise<void>((resolve) => (open = resolve));
      gates[index] = { passed, open };
    }
    return gates[index];
  };
  let sent = 0;
  let arrived = 0;
  let released = 0;
  page.on('request', (request) => {
    if (url.test(request.url())) sent += 1;
  });
  await page.route(url, async (route) => {
    await gate(arrived++).passed;
    await route.continue();
  });
  return { sent: () => sent, release: () => gate(released++).open() };
}
