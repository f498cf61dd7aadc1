import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { currentManager } from '../../platform/database/transaction-scope.js';
import type { AuditEntry, NewAuditEntry } from '../domain/admin-reports.js';
import { AdminAuditMapper } from './admin-audit.mapper.js';
import { AdminAuditOrmEntity } from './admin-audit.orm-entity.js';

@Injectable()
export class TypeormAdminAuditRepository {
  constructor(@InjectRepository(AdminAuditOrmEntity) private readonly entries: Repository<AdminAuditOrmEntity>) {}

  async record(entry: NewAuditEntry): Promise<void> {
    // jsonb through the repository's insert would need a deep-partial type for `detail`; one INSERT says it plainly.
    // In the change's own transaction when there is one: the audit row is written with the change or not at all.
    await currentManager(this.entries.manager.connection).query('INSERT INTO admin_audit (at, admin_user_id, admin_email, action, customer_user_id, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
      entry.at,
      entry.adminUserId,
      entry.adminEmail,
      entry.action,
      entry.customerUserId,
      JSON.stringify(entry.detail),
    ]);
  }

  /** Latest first; only the entries about one customer when given. */
  async latest(limit: number, customerUserId?: string): Promise<AuditEntry[]> {
    const rows = await this.entries.find({ where: customerUserId ? { customerUserId } : {}, order: { at: 'DESC', id: 'DESC' }, take: limit });
    return rows.map((row) => AdminAuditMapper.toDomain(row));
  }
}
