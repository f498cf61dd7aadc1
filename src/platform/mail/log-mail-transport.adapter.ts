import { Logger } from '@nestjs/common';
import type { MailMessage, MailTransport } from './mail-transport.port.js';

/** Without SMTP_URL (development): each message, with its links, is printed so the developer can follow them. */
export class LogMailTransport implements MailTransport {
  private readonly logger = new Logger('Mail');

  async deliver(message: MailMessage & { from: string }): Promise<void> {
    this.logger.log(`To ${message.to}: ${message.subject}\n${message.text}`);
  }
}
