/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { linkInLatestMail, PASSWORD, registeredUser } from '../support/accounts.js';
import { appConsoleErrors, dismissNotifications, logInThroughPage, registerInBrowser } from '../support/browser-accounts.js';
import { appStarted, gotoUnstarted, holdRequests, launchBrowser, seriousAccessibilityViolations, type TestBrowser } from '../support/browser.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('accounts in Chromium: pages and session behaviour', () => {
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

  const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const accountMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account menu/ });

  async function userRow(email: string) {
    const [row] = await t.query('SELECT * FROM users WHERE email = $1', [email]);
    return row;
  }

  it('registers through the page, confirms by the e-mailed link, logs out, logs in, edits the account and logs out', async () => {
    const { page, consoleErrors } = await chromium.newPage();
    const email = uniqueEmail('journey');

    // Register, with the e-mail handed over in the query.
    await page.goto(`${base}/account/register/?email=${encodeURIComponent(email)}`);
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please complete all of the above fields.').waitFor();
    await page.getByText('Please let us know whether or not you are an agent.').waitFor();
    await page.getByText('You must agree to the Terms and conditions to register an account.').waitFor();
    // The keyboard focus goes to the first field that needs work.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('given-name');
    await page.getByLabel('First name').fill('Alex');
    await page.getByLabel('Last name').fill('Doe');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abcd');
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('checkbox', { name: /I agree to the Terms and conditions/ }).check();
    expect(await page.getByRole('main').getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe('/terms/');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your password must be between 8 and 100 characters long.').waitFor();
    await page.getByText("Please enter your agency's name.").waitFor();
    // The server's rule, word for word, in the page (libs/password-policy): a common password is refused before sending.
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('password1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This password is too common or too easy to guess. Try a few unrelated words, or a longer password.').waitFor();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByLabel('Agency name').fill('Agency & Co');
    await page.getByRole('checkbox', { name: 'Send me occasional news and offers by e-mail' }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/?registered=true`);
    await page.getByText(`Account created. We have sent a confirmation link to ${email}.`).waitFor();
    await accountMenu(page).waitFor();
    expect(await userRow(email)).toMatchObject({ first_name: 'Alex', last_name: 'Doe', is_agent: true, agent_organisation: 'Agency & Co', opted_into_communication: true, email_confirmed_at: null });

    // Confirm with the link of the e-mail.
    await page.goto(base + (await linkInLatestMail(t, email)));
    await page.waitForURL(`${base}/?registered=confirmed`);
    await page.getByText('Your e-mail address is confirmed.').waitFor();
    expect((await userRow(email)).email_confirmed_at).not.toBeNull();

    // Log out from the account menu.
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/?logout=true`);
    await page.getByText('You have been logged out.').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();

    // Log in: a wrong password is told on the page, which stays put.
    await page.waitForURL(`${base}/account/login/`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The e-mail address or password is incorrect.').waitFor();
    expect(page.url()).toBe(`${base}/account/login/`);
    await logInThroughPage(page, email);
    expect(page.url()).toBe(`${base}/draws/`);

    // Edit the account.
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL(`${base}/account/edit/`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Alex');
    await page.getByLabel('Last name').fill('Roe');
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByLabel('Address line 1').fill('1 Example Street');
    await page.getByLabel('City').fill('London');
    // The postcode takes letters, digits, spaces and hyphens only, typed or pasted.
    await page.getByLabel('Postcode').pressSequentially('SW1A 1AA!');
    expect(await page.getByLabel('Postcode').inputValue()).toBe('SW1A 1AA');
    await page.getByRole('combobox', { name: 'Country' }).fill('United King');
    await page.getByRole('option', { name: 'United Kingdom' }).click();
    await page.getByRole('checkbox', { name: 'Send me occasional news and offers by e-mail' }).uncheck();
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Your details have been saved.').waitFor();
    expect(await userRow(email)).toMatchObject({
      first_name: 'Alex',
      last_name: 'Roe',
      is_agent: false,
      agent_organisation: null,
      opted_into_communication: false,
      address_line_one: '1 Example Street',
      address_line_two: null,
      address_city: 'London',
      address_postcode: 'SW1A 1AA',
      address_country_code: 'GB',
    });

    // A reload of the private page keeps the user there: the gate waits for the account instead of redirecting.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(page.url()).toBe(`${base}/account/edit/`);
    expect(await page.getByLabel('Last name').inputValue()).toBe('Roe');

    // Change the password: the current one is checked by the server, the confirmation here.
    await page.getByLabel('Current password').fill('wrong password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a new password');
    await page.getByLabel('Confirm the new password').fill('a new passwort');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel('Confirm the new password').fill('a new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is incorrect.').first().waitFor();
    // Nothing typed is lost when the server refuses.
    expect(await page.getByRole('textbox', { name: 'New password', exact: true }).inputValue()).toBe('a new password');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    // Log out again.
    await dismissNotifications(page);
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/?logout=true`);
    await page.getByText('You have been logged out.').waitFor();
    const account = await (await page.context().request.get(`${base}/api/account/get/`)).json();
    expect(account.email).toBeNull();
    expect(appConsoleErrors(consoleErrors)).toEqual([]);
    await page.context().close();
  });

  it('tells a second registration of an address to log in instead', async () => {
    const { page } = await chromium.newPage();
    const { email } = await registeredUser(t.app);
    await page.goto(`${base}/account/register/?email=${encodeURIComponent(email)}`);
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('checkbox', { name: /I agree to the Terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    const alreadyRegistered = page.getByText('There is already an account for this address.');
    await alreadyRegistered.waitFor();
    // The server's 'Already registered.' gives way to a way in (part 1 §8).
    expect(await page.getByRole('main').getByText('Already registered.').count()).toBe(0);
    await alreadyRegistered.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/account/login/`);
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(email);
    await page.context().close();
  });

  it('resets a forgotten password by the e-mailed link, which works once', async () => {
    const { page } = await chromium.newPage();
    const { email } = await registeredUser(t.app);
    await page.goto(`${base}/account/login/`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${base}/account/forgotpassword/?email=${encodeURIComponent(email)}`);
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(email);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If an account exists for that address, we have sent it a link to reset the password.').waitFor();
    // The answer stands in for the form, and has its focus: read out, and the keyboard carries on from it.
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('If an account exists for that address'));

    const resetLink = await linkInLatestMail(t, email);
    expect(resetLink).toMatch(/^\/account\/resetpassword\/[A-Za-z0-9_-]+\/$/);
    await page.goto(base + resetLink);
    await page.getByRole('textbox', { name: 'New password', exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand new secret');
    await page.getByLabel('Confirm the new password').fill('brand new secret!');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel('Confirm the new password').fill('brand new secret');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL(`${base}/account/login/`);
    await page.getByText('Your password has been changed. Please log in with it.').waitFor();
    await logInThroughPage(page, email, 'brand new secret');
    expect(page.url()).toBe(`${base}/draws/`);

    // The link has been used: it is refused, with a way to ask for another.
    await page.goto(base + resetLink);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('another secret');
    await page.getByLabel('Confirm the new password').fill('another secret');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('main').getByText('This password reset link is invalid or has expired. Please ask for a new one.').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await page.context().close();
  });

  it("sends the login page's create query to the sign-up form, with the address when it is one", async () => {
    const { page } = await chromium.newPage();
    await page.goto(`${base}/account/login/?create=${encodeURIComponent('new.person@example.com')}`);
    await page.waitForURL(`${base}/account/register/?email=new.person%40example.com`);
    expect(await page.getByLabel('E-mail address').inputValue()).toBe('new.person@example.com');
    await page.goto(`${base}/account/login/?create=true`);
    await page.waitForURL(`${base}/account/register/`);
    await page.context().close();
  });

  it('sends a user to a safe ReturnUrl after login, and a bad one to the draws list with a log line', async () => {
    const { email } = await registeredUser(t.app);

    const bad = await chromium.newPage();
    await bad.page.goto(`${base}/account/login/?ReturnUrl=${encodeURIComponent('//evil.example/')}`);
    await logInThroughPage(bad.page, email);
    expect(bad.page.url()).toBe(`${base}/draws/`);
    expect(bad.consoleErrors).toContain('Bad ReturnUrl: //evil.example/');
    // A logged-in user arriving at login goes straight on to the ReturnUrl.
    await bad.page.goto(`${base}/account/login/?ReturnUrl=${encodeURIComponent('/account/edit/')}`);
    await bad.page.waitForURL(`${base}/account/edit/`);
    await bad.page.context().close();

    const safe = await chromium.newPage();
    await safe.page.goto(`${base}/uk/account/edit/`);
    await safe.page.waitForURL(`${base}/uk/account/login/?ReturnUrl=%2Fuk%2Faccount%2Fedit%2F`);
    await logInThroughPage(safe.page, email);
    expect(safe.page.url()).toBe(`${base}/uk/account/edit/`);
    await safe.page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(appConsoleErrors(safe.consoleErrors)).toEqual([]);
    await safe.page.context().close();
  });

  it('warns an idle user after 29 minutes, keeps them on request, and logs them out 60 s after an unanswered warning', async () => {
    const { page, context } = await chromium.newPage();
    await registerInBrowser(context, base);
    await page.clock.install();
    await page.goto(`${base}/account/edit/`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await page.clock.fastForward('29:00');
    await warning.waitFor();
    await warning.getByText('60 seconds').waitFor();
    // A static backdrop: neither Escape nor a click beside the dialog dismisses it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await warning.isVisible()).toBe(true);
    await warning.getByRole('button', { name: 'Stay logged in' }).click();
    await warning.waitFor({ state: 'hidden' });

    await page.clock.fastForward('29:00');
    await warning.waitFor();
    await page.clock.runFor(30_000);
    await warning.getByText('30 seconds').waitFor();
    await page.clock.runFor(30_000);
    await page.waitForURL(`${base}/?logout=inactive`);
    await page.getByText('You have been logged out because you were inactive for 30 minutes.').waitFor();
    const account = await (await context.request.get(`${base}/api/account/get/`)).json();
    expect(account.email).toBeNull();
    await context.close();
  });

  it('checks the session every 10 s: no answer is ignored, a lapsed session goes home with logout set', async () => {
    const { page, context } = await chromium.newPage();
    const email = await registerInBrowser(context, base);
    await page.clock.install();
    await page.goto(`${base}/account/edit/`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

    // Offline: the check gets no answer, and the user stays.
    await page.route('**/api/account/authenticated/**', (route) => route.abort('internetdisconnected'));
    const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/api/account/authenticated/'));
    await page.clock.fastForward(10_000);
    const failedRequest = await failed;
    expect(failedRequest.postDataJSON().clientSession).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await page.unroute('**/api/account/authenticated/**');
    const answered = page.waitForResponse((response) => response.url().includes('/api/account/authenticated/'));
    await page.clock.fastForward(10_000);
    expect((await answered).status()).toBe(200);
    expect(page.url()).toBe(`${base}/account/edit/`);

    // An answer cut off on its way (a dropped connection: a 200 whose body ends early) is no answer either: the user
    // stays, and the server's session is not ended.
    const logOuts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/account/logOut')) logOuts.push(request.url());
    });
    await page.route('**/api/account/authenticated/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"user":{"email":' }));
    const cutOff = page.waitForResponse((response) => response.url().includes('/api/account/authenticated/'));
    await page.clock.fastForward(10_000);
    await cutOff;
    await page.unroute('**/api/account/authenticated/**');
    // The next check is made (an ended session would stop them) and answered by the server.
    const answeredAgain = page.waitForResponse((response) => response.url().includes('/api/account/authenticated/')).then((response) => response.status());
    const sentHome = page.waitForURL(`${base}/?logout=true`).then(
      () => 'sent home',
      () => 'stayed',
    );
    await page.clock.fastForward(10_000);
    expect(await Promise.race([answeredAgain, sentHome])).toBe(200);
    expect(page.url()).toBe(`${base}/account/edit/`);
    expect(logOuts).toEqual([]);

    // The session ends elsewhere (a password reset, another tab): the next check sends the user home.
    await t.query(`DELETE FROM session WHERE sess::text LIKE '%' || (SELECT id::text FROM users WHERE email = $1) || '%'`, [email]);
    await page.clock.fastForward(10_000);
    await page.waitForURL(`${base}/?logout=true`);
    await page.getByText('You have been logged out.').waitFor();
    await context.close();
  });

  it('lets an apiEnabled user create a key, shown once with a copy button, and revoke it after confirming', async () => {
    const { page, context } = await chromium.newPage();
    const email = await registerInBrowser(context, base);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.goto(`${base}/account/edit/`);
    await page.getByText('You have no API keys yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Create a test key' }).click();
    const modal = page.getByRole('dialog', { name: 'Your new test API key' });
    await modal.waitFor();
    const key = (await modal.getByLabel('The new API key').textContent())!.trim();
    expect(key).toMatch(/^fd_test_/);
    await modal.getByRole('button', { name: 'Copy the key' }).click();
    await modal.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await modal.getByRole('button', { name: 'I have stored the key' }).click();
    await modal.waitFor({ state: 'hidden' });
    // The keyboard carries on from the button that asked for the key, not from the top of the page.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Create a test key');

    const row = page.getByRole('row').filter({ hasText: key.slice(0, 12) });
    await row.getByText('Active').waitFor();
    await row.getByText('Never').waitFor();
    const withKey = await context.request.get(`${base}/api/account/get/`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await withKey.json()).email).toBe(email);

    await row.getByRole('button', { name: /^Revoke the test key/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await confirm.waitFor();
    // Once it has faded in (a half-transparent text is a contrast finding of its own), its close button has a name.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[role="dialog"]')!).opacity === '1');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Revoke the key' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByText(/^Revoked /).waitFor();
    expect(await row.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    const afterRevoke = await context.request.get(`${base}/api/account/get/`, { headers: { Authorization: `Bearer ${key}` } });
    expect(afterRevoke.status()).toBe(401);
    await context.close();
  });

  it('keeps the focus on a busy Save from the keyboard, during and after, and saves once however often Enter is pressed', async () => {
    const { page, context } = await chromium.newPage();
    const email = await registerInBrowser(context, base);
    const updates = await holdRequests(page, /\/api\/account\/update\/?$/);
    await page.goto(`${base}/account/edit/`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    const save = page.getByRole('button', { name: 'Save details' });
    const saveHasFocus = () => save.evaluate((button) => button === document.activeElement);
    const busySave = page.locator('button[data-loading]', { hasText: 'Save details' });
    const idleSave = page.locator('button:not([data-loading])', { hasText: 'Save details' });

    await page.getByLabel('City').fill('Leeds');
    await save.focus();
    await page.keyboard.press('Enter');
    await busySave.waitFor();
    // Busy, it keeps the focus (a disabled button dropped it to the page's body) and says so.
    expect(await saveHasFocus()).toBe(true);
    expect(await save.getAttribute('aria-busy')).toBe('true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Pressed again meanwhile, it does nothing.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    updates.release();
    // The first answer is in: a second request, had one been sent, would be held and counted by now.
    await page.getByText('Your details have been saved.').waitFor();
    expect(updates.sent()).toBe(1);
    await idleSave.waitFor();
    expect(await saveHasFocus()).toBe(true);
    expect((await userRow(email)).address_city).toBe('Leeds');

    // Enter in a field submits the form by clicking its button, which ignores it while busy.
    await dismissNotifications(page);
    await page.getByLabel('City').fill('York');
    await page.getByLabel('City').press('Enter');
    await busySave.waitFor();
    await page.getByLabel('City').press('Enter');
    updates.release();
    await page.getByText('Your details have been saved.').waitFor();
    expect(updates.sent()).toBe(2);
    await idleSave.waitFor();
    expect((await userRow(email)).address_city).toBe('York');
    await context.close();
  });

  it('has no serious accessibility violation on login, register (errors shown) and account edit, and registers at 360 px', async () => {
    const { page, context } = await chromium.newPage({ width: 360, height: 740 });
    await page.goto(`${base}/account/login/?error=confirmation`);
    await page.getByText('This confirmation link is invalid or has expired.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto(`${base}/account/register/`);
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please complete all of the above fields.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    const email = uniqueEmail('narrow');
    await page.getByLabel('First name').fill('Kim');
    await page.getByLabel('Last name').fill('Ng');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('radio', { name: 'No' }).check();
    // Keyboard only: Space ticks the terms box, Enter in a field submits.
    await page.getByRole('checkbox', { name: /I agree to the Terms and conditions/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
    await page.waitForURL(`${base}/?registered=true`);
    await page.getByText(`Account created. We have sent a confirmation link to ${email}.`).waitFor();

    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    await context.request.post(`${base}/api/account/createApiKey/`, { data: { kind: 'live' } });
    await page.goto(`${base}/account/edit/`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByText('Active').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await context.close();
  });

  it('fits the account menu in the header from 768 px, and offers the account links in the mobile menu', async () => {
    const { page, context } = await chromium.newPage({ width: 768, height: 800 });
    await registerInBrowser(context, base, { firstName: 'Maximiliana-Josephine' });
    await page.goto(`${base}/`);
    await accountMenu(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Account' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin console' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await mobile.getByRole('link', { name: 'Account' }).waitFor();
    await mobile.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/?logout=true`);
    await context.close();
  });

  it('hard-reloads home once when the server runs another version, never in a loop', async () => {
    const { page, context } = await chromium.newPage();
    let versionCalls = 0;
    await page.route('**/api/version/get**', (route) => {
      versionCalls += 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify('99.0.0') });
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    // The first input starts the app on the prerendered home, which finds the other version and reloads.
    await gotoUnstarted(page, `${base}/`);
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => sessionStorage.getItem('fairdraw.reloadedForVersion') === '99.0.0');
    await page.waitForFunction(() => performance.getEntriesByType('navigation').some((entry) => (entry as PerformanceNavigationTiming).type === 'reload'));
    // The reloaded home is prerendered: the app runs it once hydrated.
    await appStarted(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Entering home again asks again, and the guard holds: the page is still the same document afterwards.
    await page.getByRole('banner').getByRole('link', { name: 'FAQs' }).click();
    await page.waitForURL(`${base}/faqs/`);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const askedAgain = page.waitForResponse((response) => response.url().includes('/api/version/get'));
    await page.getByRole('banner').getByRole('link', { name: 'FairDraw™ home' }).click();
    await page.waitForURL(`${base}/`);
    await askedAgain;
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(versionCalls).toBe(3);
    expect(loads).toBe(2);
    await context.close();
  });
});
