import type { BrowserContext } from 'playwright-core';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { freshAddress, registration, sessionCookie } from './accounts.js';
import { simpleDraw } from './draws.js';
import type { TestApp } from './test-app.js';

/**
 * A customer with a pack of 10 credits, logged in both in an API agent (to set up draws quickly) and in the browser
 * context (the same session cookie), as if they had signed up and bought credits in that browser.
 */
export async function customerInBrowser(
  t: TestApp,
  context: BrowserContext,
  base: string,
  options: { credits?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<{ agent: TestAgent; email: string }> {
  const agent = request.agent(t.app.getHttpServer()).set('X-Forwarded-For', freshAddress());
  const body = registration(options.overrides);
  const response = await agent.post('/api/account/register/').send(body).expect(200);
  const cookie = sessionCookie(response);
  if (!cookie) throw new Error('Registration set no session cookie');
  if (options.credits !== false) await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
  const [pair] = cookie.split(';');
  const separator = pair.indexOf('=');
  await context.addCookies([{ name: pair.slice(0, separator), value: pair.slice(separator + 1), url: base, httpOnly: true, sameSite: 'Strict' }]);
  return { agent, email: body.email as string };
}

/** A prepaid draw (one credit) for the agent's account: drawn now, or scheduled `secondsAhead` from now. */
export async function submitDraw(agent: TestAgent, options: { secondsAhead?: number; overrides?: Record<string, unknown> } = {}): Promise<string> {
  const scheduled = options.secondsAhead !== undefined;
  const body = simpleDraw({
    paymentOption: 2,
    scheduleOption: scheduled ? 1 : 0,
    ...(scheduled ? { scheduleDate: new Date(Date.now() + options.secondsAhead! * 1000).toISOString() } : {}),
    ...options.overrides,
  });
  const response = await agent.post('/api/draw/submitdraw/').send(body);
  // The server's message says why a draw was refused, which the bare status would not.
  if (response.status !== 200) throw new Error(`submitdraw answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as string;
}

/** The characters 24 to 36 of a draw id, upper case: its display id (part 2 §3). */
export function displayIdOf(id: string): string {
  return id.slice(24).toUpperCase();
}
