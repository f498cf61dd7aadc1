import { contactReference, type HelpContact, type HelpTopic, type NewHelpContact } from '../domain/help-contact.js';
import type { HelpContactOrmEntity } from './help-contact.orm-entity.js';

export class HelpContactMapper {
  static toRow(contact: NewHelpContact): Omit<HelpContactOrmEntity, 'id' | 'createdAt'> {
    const { name, email, organisation, phone, topic, drawId, message, countryCode, userId } = contact;
    return { name, email, organisation, phone, topic, drawId, message, countryCode, userId };
  }

  static toDomain(row: HelpContactOrmEntity): HelpContact {
    return {
      id: row.id,
      reference: contactReference(row.id),
      name: row.name,
      email: row.email,
      organisation: row.organisation,
      phone: row.phone,
      topic: row.topic as HelpTopic,
      drawId: row.drawId,
      message: row.message,
      countryCode: row.countryCode,
      userId: row.userId,
      createdAt: row.createdAt,
    };
  }
}
