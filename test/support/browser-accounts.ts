/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD, registration } from './accounts.js';

/**
 * Registers through the API inside a browser context, so that the context's cookies carry the new session, as if
 * the person had signed up in that browser. Answers the e-mail address.
 */
export async function registerInBrowser(context: BrowserContext, base: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const body = registration(overrides);
  const response = await context.request.post(`${base}/api/account/register/`, { data: body });
  if (!response.ok()) throw new Error(`register answered ${response.status()}: ${await response.text()}`);
  return body.email as string;
}

/** Logs in through the login page and waits until it has sent the user on. */
export async function logInThroughPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.includes('/account/login/'));
}

/** Console errors the browser adds by itself for answers the test provokes (401 on a wrong password, and so on). */
export function appConsoleErrors(messages: string[]): string[] {
  return messages.filter((message) => !message.startsWith('Failed to load resource'));
}

/**
 * Closes the notifications in the top-right corner and waits until they are gone: while they last they cover the
 * header's account menu, and a pointer resting on one pauses its timer. Each close button is pressed in the page at
 * once rather than clicked by pointer: a notification may close by itself (after 6 or 8 s) between the test counting
 * it and the click reaching it, and a click then waits for a button that is no longer there.
 */
export async function dismissNotifications(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('.mantine-Notification-root button').forEach((button) => button.click()));
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0);
}
