/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import type { AnalyticsEvent } from '../../client/src/shared/analytics/analytics.js';
import { launchBrowser, seriousAccessibilityViolations, type TestBrowser, watchSpinner } from '../support/browser.js';
import { logInBrowser } from '../support/browser-session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const WALLET_FAILURE = 'Something went wrong while processing your PayPal transaction. Please contact support.';

describe('billing pages in Chromium: credit packs by card and wallet, currency, credits and invoices', () => {
  let t: TestApp;
  let base: string;
  let chromium: TestBrowser;

  beforeAll(async () => {
    // Each registration comes from its own X-Forwarded-For address, so the registration limit stays out of the way.
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    base = await t.listen();
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  const userIdOf = async (email: string) => (await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
  const paymentsOf = async (email: string) => t.query<{ status: string }>('SELECT status FROM payment WHERE user_id = $1 ORDER BY created_at', [await userIdOf(email)]);
  const invoicesOf = async (email: string) => t.query<{ invoice_number: number }>('SELECT invoice_number FROM invoice WHERE user_id = $1', [await userIdOf(email)]);
  const unusedCredits = (page: Page) => page.getByTestId('unused-credits');
  const analyticsEvents = (page: Page) => page.evaluate(() => (window as unknown as { __FAIRDRAW_ANALYTICS_EVENTS__: AnalyticsEvent[] }).__FAIRDRAW_ANALYTICS_EVENTS__);

  async function payByCard(page: Page, cardNumber: string, button: string | RegExp) {
    await page.getByLabel('Card number').fill(cardNumber);
    await page.getByLabel('Expiry date').fill('1230');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: button }).click();
  }

  it('buys a 10-pack with the test card, shows the credits and the invoice, and downloads the PDF', async () => {
    const { page, context, consoleErrors } = await chromium.newPage();
    const { email } = await logInBrowser(t, context, base);
    await page.goto(base + '/au/account/buycredits/');
    await page.getByRole('heading', { level: 1, name: 'Buy credits' }).waitFor();
    await expectText(page, 'A$30 per draw · save 40% on single draws');
    await expectText(page, 'A$20 per draw · save 60% on single draws');
    await unusedCredits(page).waitFor();
    expect(await unusedCredits(page).textContent()).toBe('0');

    await payByCard(page, '4242 4242 4242 4242', 'Pay A$300');
    await page.waitForURL(base + '/au/account/buycredits/?success=true');
    await page.getByText('Thank you, your credits are ready').waitFor();
    await expectText(page, 'You paid A$300 for 10 credits. You now have 10 unused credits.');
    const [invoiceNumber] = (await invoicesOf(email)).map((row) => row.invoice_number);
    await expectText(page, `Your invoice number is ${invoiceNumber}; download it from your invoices below.`);
    await page.waitForFunction(() => document.querySelector('[data-testid="unused-credits"]')?.textContent === '10');

    // Tracked once, with a transaction id made on the client, the value and the currency.
    const purchases = (await analyticsEvents(page)).filter((event) => event.name === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0].data).toMatchObject({ value: 300, currency: 'AUD', paymentOption: 1, isBuyCreditsOnly: true, demoDraw: false });
    expect(purchases[0].data?.transactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await paymentsOf(email)).toEqual([{ status: 'succeeded' }]);

    // The account page lists the invoice; its PDF downloads.
    await page.goto(base + '/au/account/edit/');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const row = invoices.getByRole('row').filter({ hasText: String(invoiceNumber) });
    await row.waitFor();
    expect(await row.textContent()).toContain('A$300');
    expect(await unusedCredits(page).textContent()).toBe('10');
    const downloadLink = row.getByRole('link', { name: `Download invoice ${invoiceNumber} (PDF)` });
    // The spinner shows while the file is on its way.
    const spinner = await watchSpinner(downloadLink);
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await spinner.shown()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows a declined card under the form, charges nothing, keeps the card details and takes another card', async () => {
    const { page, context } = await chromium.newPage();
    const { email } = await logInBrowser(t, context, base);
    await page.goto(base + '/account/buycredits/');
    await page.getByRole('button', { name: 'Pay $240' }).waitFor();

    await payByCard(page, '4000000000000002', 'Pay $240');
    const form = page.getByRole('form', { name: 'Pay by card' });
    await form.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toBe(base + '/account/buycredits/');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
    expect(await unusedCredits(page).textContent()).toBe('0');
    expect(await paymentsOf(email)).toEqual([{ status: 'declined' }]);
    expect(await invoicesOf(email)).toEqual([]);
    expect((await analyticsEvents(page)).filter((event) => event.name === 'purchase')).toEqual([]);

    // The decline settled that attempt: the next card is a new purchase attempt, not a replay of the decline.
    await page.getByLabel('Card number').fill('5555555555554444');
    await page.getByRole('button', { name: 'Pay $240' }).click();
    await page.waitForURL(base + '/account/buycredits/?success=true');
    await expectText(page, 'You now have 10 unused credits.');
    expect(await paymentsOf(email)).toEqual([{ status: 'declined' }, { status: 'succeeded' }]);
    await context.close();
  });

  it('charges a double click once', async () => {
    const { page, context } = await chromium.newPage();
    const { email } = await logInBrowser(t, context, base);
    await page.goto(base + '/uk/account/buycredits/');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry date').fill('1230');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Pay £180' }).dblclick();
    await page.waitForURL(base + '/uk/account/buycredits/?success=true');
    await expectText(page, 'You now have 10 unused credits.');
    expect(await paymentsOf(email)).toEqual([{ status: 'succeeded' }]);
    await context.close();
  });

  it('switches the currency from the header: prices follow, the cookie keeps it, a country link forgets it', async () => {
    const { page, context } = await chromium.newPage();
    await logInBrowser(t, context, base);
    await page.goto(base + '/account/buycredits/');
    await page.getByRole('button', { name: 'Pay $240' }).waitFor();
    await expectText(page, '$1,600');

    await page.getByRole('button', { name: 'Currency: $ USD' }).click();
    await page.getByRole('menuitemradio', { name: /GBP/ }).click();
    await page.getByRole('button', { name: 'Pay £180' }).waitFor();
    await expectText(page, '£1,200');
    await page.getByRole('button', { name: 'Currency: £ GBP' }).waitFor();
    const currencyCookie = async () => (await context.cookies(base)).find((cookie) => cookie.name === 'currency');
    expect(await currencyCookie()).toMatchObject({ value: 'GBP', path: '/', sameSite: 'Strict' });

    // The choice outlives the page and reaches the home page's pricing.
    await page.goto(base + '/');
    await page.locator('#pricing').getByText('£30', { exact: true }).waitFor();
    await expectText(page, 'Or buy credits: 10 for £180, 100 for £1,200');

    // The footer's country links forget the choice, here and through the server's cookie script path.
    const deleteCall = page.waitForRequest((request) => request.url().includes('/api/site/deleteCookie?delete=currency&ts='));
    await page.getByRole('navigation', { name: 'Country sites' }).getByRole('link', { name: /^AU/ }).click();
    await deleteCall;
    await page.waitForURL(base + '/au/');
    await page.locator('#pricing').getByText('A$50', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Currency: A$ AUD' }).waitFor();
    expect(await currencyCookie()).toBeUndefined();
    await context.close();
  });

  it('pays with the test wallet: cancel charges nothing, a failure shows the wallet alert, approval buys the pack', async () => {
    const { page, context } = await chromium.newPage();
    const { email } = await logInBrowser(t, context, base);
    await page.goto(base + '/nz/account/buycredits/');
    await page.getByRole('tab', { name: 'PayPal' }).click();
    await page.getByRole('radio', { name: /100 credits/ }).click();

    await page.getByRole('button', { name: 'Pay NZ$2,000 with PayPal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve your PayPal payment' });
    await dialog.getByText('Pay NZ$2,000 to FairDraw for 100 draw credits?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('You cancelled the PayPal payment. Nothing was charged.').waitFor();

    // The connection drops as the approved payment is executed: the spec's wallet alert, nothing credited.
    await page.route('**/api/account/buycredits', (route) => route.abort());
    await page.getByRole('button', { name: 'Pay NZ$2,000 with PayPal' }).click();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alert').filter({ hasText: WALLET_FAILURE }).waitFor();
    await page.unroute('**/api/account/buycredits');
    expect(await unusedCredits(page).textContent()).toBe('0');

    await page.getByRole('button', { name: 'Pay NZ$2,000 with PayPal' }).click();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(base + '/nz/account/buycredits/?success=true');
    await expectText(page, 'You paid NZ$2,000 for 100 credits. You now have 100 unused credits.');
    const statuses = (await paymentsOf(email)).map((payment) => payment.status);
    expect(statuses.filter((status) => status === 'succeeded')).toHaveLength(1);
    expect(await invoicesOf(email)).toHaveLength(1);
    const purchases = (await analyticsEvents(page)).filter((event) => event.name === 'purchase');
    expect(purchases.map((event) => event.data)).toEqual([expect.objectContaining({ value: 2000, currency: 'NZD', paymentOption: 3 })]);
    await context.close();
  });

  it('has no serious accessibility violation and works at 360 px from the keyboard', async () => {
    const { page, context } = await chromium.newPage({ width: 360, height: 740 });
    await logInBrowser(t, context, base);
    await page.goto(base + '/account/buycredits/');
    await page.getByRole('button', { name: 'Pay $240' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The currency selector stays in the header at 360 px and opens from the keyboard.
    await page.getByRole('button', { name: 'Currency: $ USD' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: /CAD/ }).waitFor();
    await page.getByRole('menuitemradio', { name: /CAD/ }).press('Enter');
    await page.getByRole('button', { name: 'Pay CA$300' }).waitFor();

    await page.getByRole('radio', { name: /100 credits/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Pay CA$2,000' }).waitFor();
    await page.getByLabel('Card number').focus();
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1230');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.waitForURL(base + '/account/buycredits/?success=true');
    await expectText(page, 'You now have 100 unused credits.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});

async function expectText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor();
}
