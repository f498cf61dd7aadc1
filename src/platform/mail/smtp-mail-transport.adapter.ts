import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from './mail-transport.port.js';

export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async deliver(message: MailMessage & { from: string }): Promise<void> {
    await this.transporter.sendMail({ from: message.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }
}
