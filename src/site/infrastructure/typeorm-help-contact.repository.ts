import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MailOutboxService } from '../../platform/mail/mail-outbox.service.js';
import type { MailMessage } from '../../platform/mail/mail-transport.port.js';
import type { HelpContact, NewHelpContact } from '../domain/help-contact.js';
import { HelpContactMapper } from './help-contact.mapper.js';
import { HelpContactOrmEntity } from './help-contact.orm-entity.js';

@Injectable()
export class TypeormHelpContactRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailOutboxService,
  ) {}

  /** Stores the message and queues the mails made from it in one transaction: none is stored without its mail. */
  async create(contact: NewHelpContact, mails: (stored: HelpContact) => MailMessage[]): Promise<HelpContact> {
    return this.dataSource.transaction(async (manager) => {
      const rows = manager.getRepository(HelpContactOrmEntity);
      const stored = HelpContactMapper.toDomain(await rows.save(rows.create(HelpContactMapper.toRow(contact))));
      for (const message of mails(stored)) await this.mail.send(message, manager);
      return stored;
    });
  }
}
