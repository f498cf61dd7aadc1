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
 * Closes the notifications in the top-right corner: while they last they cover the header's account menu, and a
 * pointer resting on one pauses its timer.
 */
export async function dismissNotifications(page: Page): Promise<void> {
  const notifications = page.locator('.mantine-Notification-root');
  for (let count = await notifications.count(); count > 0; count = await notifications.count()) {
    await notifications.first().getByRole('button').click();
    await page.waitForFunction((before) => document.querySelectorAll('.mantine-Notification-root').length < before, count);
  }
}
