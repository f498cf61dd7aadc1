import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { browser, registration } from '../../support/accounts.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

describe('mail outbox delivered over SMTP to a real local SMTP server', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const received: ReceivedMail[] = [];
  let onMail: (() => void) | undefined;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          onMail?.();
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'FairDraw <draws@fairdraw.test>', PUBLIC_URL: 'https://fairdraw.test' } });
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the confirmation e-mail of a new account and marks it sent in the outbox', async () => {
    const arrived = new Promise<void>((resolve) => (onMail = resolve));
    const body = registration();
    await browser(t.app).post('/api/account/register/').send(body).expect(200);
    await arrived;
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('draws@fairdraw.test');
    expect(received[0].to).toEqual([body.email]);
    expect(received[0].raw).toContain('Subject: Confirm your FairDraw account');
    expect(received[0].raw.replace(/=\r\n/g, '')).toMatch(
      /https:\/\/fairdraw\.test\/api\/account\/confirmEmail\/\?token=3D[A-Za-z0-9_-]{43}|https:\/\/fairdraw\.test\/api\/account\/confirmEmail\/\?token=[A-Za-z0-9_-]{43}/,
    );

    // The worker records the delivery right after the server accepted it.
    for (;;) {
      const [row] = await t.query<{ sent_at: Date | null; attempts: number }>('SELECT sent_at, attempts FROM mail_outbox WHERE to_address = $1', [body.email]);
      if (row.sent_at) {
        expect(row.attempts).toBe(1);
        break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
});
