import type { AuditEntry } from '../domain/admin-reports.js';
import type { AdminAuditOrmEntity } from './admin-audit.orm-entity.js';

export class AdminAuditMapper {
  static toDomain(row: AdminAuditOrmEntity): AuditEntry {
    return {
      id: row.id,
      at: row.at,
      adminUserId: row.adminUserId,
      adminEmail: row.adminEmail,
      action: row.action,
      customerUserId: row.customerUserId,
      detail: row.detail,
    };
  }
}
