import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface DeliveredMail {
  to: string[];
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
}

/** A real SMTP server on a free local port that keeps what the app delivers to it (the outbox keeps no body once sent). */
export interface Mailbox {
  url: string;
  received: DeliveredMail[];
  close(): Promise<void>;
}

/** On `port` when given (a server that was down coming back), else on a free one. */
export async function startMailbox(port = 0): Promise<Mailbox> {
  const received: DeliveredMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), ...parse(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Subject and text of a single-part plain-text message as nodemailer writes it (7bit, quoted-printable or base64). */
function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n(?=[ \t])/g, '');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1].trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text: string;
  if (encoding === 'base64') text = Buffer.from(body, 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  } else text = body;
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}
