import { Inject, Injectable } from '@nestjs/common';
import type { User } from '../../accounts/domain/user.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import type { AuditEntry } from '../domain/admin-reports.js';
import { TypeormAdminAuditRepository } from '../infrastructure/typeorm-admin-audit.repository.js';

const AUDIT_LOG_LIMIT = 50;

/** Who did what, when: one row per administrator action. */
@Injectable()
export class AdminAuditService {
  constructor(
    private readonly audit: TypeormAdminAuditRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  record(admin: User, action: string, customerUserId: string | null, detail: Record<string, unknown> = {}): Promise<void> {
    return this.audit.record({ at: this.clock.now(), adminUserId: admin.id, adminEmail: admin.email, action, customerUserId, detail });
  }

  latest(customerUserId?: string): Promise<AuditEntry[]> {
    return this.audit.latest(AUDIT_LOG_LIMIT, customerUserId);
  }
}
