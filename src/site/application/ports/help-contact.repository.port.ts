import type { MailMessage } from '../../../platform/mail/mail-transport.port.js';
import type { HelpContact, NewHelpContact } from '../../domain/help-contact.js';

export interface HelpContactRepository {
  /** Stores the message and queues the mails made from it in one transaction: none is stored without its mail. */
  create(contact: NewHelpContact, mails: (stored: HelpContact) => MailMessage[]): Promise<HelpContact>;
}
