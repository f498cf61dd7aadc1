import type { BrowserContext } from 'playwright-core';
import request from 'supertest';
import { freshAddress, registration, sessionCookie } from './accounts.js';
import type { TestApp } from './test-app.js';

/**
 * Registers a new account through the API (which logs it in) and hands its session cookie to the browser context,
 * so a browser test starts logged in without going through the login page each time.
 */
export async function logInBrowser(t: TestApp, context: BrowserContext, base: string, overrides: Record<string, unknown> = {}): Promise<{ email: string }> {
  const body = registration(overrides);
  const response = await request(t.app.getHttpServer()).post('/api/account/register/').set('X-Forwarded-For', freshAddress()).send(body).expect(200);
  const cookie = sessionCookie(response);
  if (!cookie) throw new Error('Registration set no session cookie');
  const [pair] = cookie.split(';');
  const separator = pair.indexOf('=');
  await context.addCookies([{ name: pair.slice(0, separator), value: pair.slice(separator + 1), url: base, httpOnly: true, sameSite: 'Strict' }]);
  return { email: body.email as string };
}
