import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { HELP_TOPIC_LABELS, type HelpContact, type NewHelpContact } from '../domain/help-contact.js';
import { TypeormHelpContactRepository } from '../infrastructure/typeorm-help-contact.repository.js';

/** The contact form: every message is kept, mailed to support, and acknowledged (by its reference only) to its sender. */
@Injectable()
export class ContactService {
  constructor(
    private readonly contacts: TypeormHelpContactRepository,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async create(contact: NewHelpContact): Promise<HelpContact> {
    const support = this.config.get('SUPPORT_EMAIL', { infer: true });
    return this.contacts.create(contact, (stored) => [
      {
        to: support,
        subject: `[${stored.reference}] ${HELP_TOPIC_LABELS[stored.topic]}: ${stored.name}`,
        text: [
          `From: ${stored.name} <${stored.email}>`,
          stored.organisation && `Organisation: ${stored.organisation}`,
          stored.phone && `Phone: ${stored.phone}`,
          `Topic: ${HELP_TOPIC_LABELS[stored.topic]}`,
          stored.drawId && `Draw id: ${stored.drawId}`,
          `Country site: ${stored.countryCode}`,
          stored.userId ? `Signed in as user ${stored.userId}` : 'Not signed in',
          '',
          stored.message,
        ]
          .filter((line): line is string => typeof line === 'string')
          .join('\n'),
      },
      {
        to: stored.email,
        subject: `We have your message (${stored.reference})`,
        // The address is whatever the visitor typed, so nothing they wrote goes into this mail (no name, no copy of the
        // message): the form cannot be used to send someone else words of the visitor's choosing from our domain.
        text: [
          'Hello,',
          '',
          `Thank you for contacting FairDraw. Your message has reference ${stored.reference}; we answer within one business day.`,
          'Quote the reference if you write to us again about it.',
          '',
          'If you did not write to us, ignore this e-mail.',
          '',
          'FairDraw support',
        ].join('\n'),
      },
    ]);
  }
}
