import type { AuditEntry } from '../../domain/admin-reports.js';

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface AdminAuditRepository {
  record(entry: NewAuditEntry): Promise<void>;
  /** Latest first; only the entries about one customer when given. */
  latest(limit: number, customerUserId?: string): Promise<AuditEntry[]>;
}
