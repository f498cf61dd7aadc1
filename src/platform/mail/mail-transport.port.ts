export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where an outbox message finally goes: an SMTP server, or the log in development. */
export interface MailTransport {
  deliver(message: MailMessage & { from: string }): Promise<void>;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
