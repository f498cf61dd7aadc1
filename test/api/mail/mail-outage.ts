import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { browser, registration } from '../../support/accounts.js';
import { type Mailbox, startMailbox } from '../../support/mailbox.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

describe('mail outbox while the SMTP server is down for a while', () => {
  let t: TestApp;
  let port: number;
  let mailbox: Mailbox | undefined;

  beforeAll(async () => {
    // A port nobody listens on yet: the SMTP server is down until the test starts it there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });

  afterAll(async () => {
    await t.close();
    await mailbox?.close();
  });

  it('keeps retrying a message through an outage longer than a few minutes, and delivers it once the server is back', async () => {
    const body = registration();
    await browser(t.app).post('/api/account/register/').send(body).expect(200);
    const [{ id }] = await t.query<{ id: string }>('SELECT id FROM mail_outbox WHERE to_address = $1', [body.email]);
    // The attempts the outbox counts, once the last failure's retry is queued (pg-boss records it after the outbox).
    const attempts = async () =>
      (
        await t.query<{ attempts: number }>(
          `SELECT m.attempts FROM mail_outbox m WHERE m.id = $1 AND EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'mail-deliver' AND j.data ->> 'id' = m.id::text AND j.state = 'retry')`,
          [id],
        )
      )[0]?.attempts ?? 0;
    // Each failed delivery is retried later, backing off (10-20 s, then 20-40 s …): the test brings each retry forward,
    // as the outage's minutes passing would. Eight failures span from some 10 to over 40 minutes of outage.
    const bringForward = () => t.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail-deliver' AND data ->> 'id' = $1 AND state = 'retry'`, [id]);
    for (let failed = 1; failed <= 8; failed++) {
      await waitUntil(attempts, (n) => n >= failed, `failed delivery ${failed}`, { timeoutMs: 20_000, intervalMs: 50 });
      await bringForward();
    }
    mailbox = await startMailbox(port);
    await waitUntil(
      async () => {
        await bringForward();
        return (await t.query<{ sent_at: Date | null }>('SELECT sent_at FROM mail_outbox WHERE id = $1', [id]))[0].sent_at;
      },
      (sentAt) => sentAt !== null,
      'the delivery once the server is back',
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(mailbox.received.map((mail) => mail.to)).toEqual([[body.email]]);
  });
});
