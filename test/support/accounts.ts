import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DeliveredMail } from './mailbox.js';
import type { TestApp } from './test-app.js';
import { waitUntil } from './wait-until.js';

export const PASSWORD = 'correct horse battery';

export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: `user-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: PASSWORD,
    firstName: 'Alex',
    lastName: 'Doe',
    isAgent: false,
    optedIntoCommunication: true,
    termsAgreed: true,
    ...overrides,
  };
}

/** A browser-like client: keeps cookies between requests. Each gets its own address so limits stay apart. */
export function browser(app: NestFastifyApplication, address = freshAddress()): TestAgent {
  return request.agent(app.getHttpServer()).set('X-Forwarded-For', address);
}

let addressesHandedOut = 0;

/**
 * A client address of its own (198.18.0.0/15, the benchmarking range), never one handed out before in this test file:
 * per-address rate limits must not count another test's requests, as a random pick among few addresses sometimes did.
 */
export function freshAddress(): string {
  const n = ++addressesHandedOut;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** Registers through the API and answers a logged-in agent with the account's e-mail. */
export async function registeredUser(app: NestFastifyApplication, overrides: Record<string, unknown> = {}): Promise<{ agent: TestAgent; email: string }> {
  const agent = browser(app);
  const body = registration(overrides);
  await agent.post('/api/account/register/').send(body).expect(200);
  return { agent, email: body.email as string };
}

export interface OutboxMessage {
  to_address: string;
  subject: string;
  sent_at: Date | null;
}

/** What the outbox recorded for the address (it keeps no body once a message is delivered: read it with deliveredTo). */
export async function outboxFor(t: TestApp, to: string): Promise<OutboxMessage[]> {
  return t.query<OutboxMessage & Record<string, unknown>>('SELECT to_address, subject, sent_at FROM mail_outbox WHERE to_address = $1 ORDER BY created_at', [to]);
}

/** Every message the address has received, once each one the outbox holds for it has been delivered. */
export async function deliveredTo(t: TestApp, to: string): Promise<DeliveredMail[]> {
  const mailbox = t.mailbox;
  if (!mailbox) throw new Error('This test app delivers to an SMTP server of its own: read its mail there.');
  const queued = (await outboxFor(t, to)).length;
  const arrived = () => mailbox.received.filter((mail) => mail.to.includes(to));
  return waitUntil(
    async () => arrived(),
    (mails) => mails.length >= queued,
    `${queued} mails delivered to ${to}`,
    { timeoutMs: 20_000, intervalMs: 50 },
  );
}

/** The first link in the latest message to the address, as a path on this site. */
export async function linkInLatestMail(t: TestApp, to: string): Promise<string> {
  const text = (await deliveredTo(t, to)).at(-1)?.text ?? '';
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  if (!url) throw new Error(`No link in the mail to ${to}: ${text}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

export function sessionCookie(response: { headers: Record<string, unknown> }): string | undefined {
  const cookies = ([] as string[]).concat((response.headers['set-cookie'] as string[] | string | undefined) ?? []);
  return cookies.find((cookie) => cookie.startsWith('fairdraw.sid='));
}
