import { Inject, Injectable } from '@nestjs/common';
import { AccountAdministrationService } from '../../accounts/application/account-administration.service.js';
import type { EmailChange, User } from '../../accounts/domain/user.js';
import { CreditService } from '../../billing/application/credit.service.js';
import type { CreditsData } from '../../billing/domain/credit-pack.js';
import { BILLING_MESSAGES } from '../../billing/domain/payment.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Transactions } from '../../platform/database/transaction-scope.js';
import type { AdminStatistics, AuditEntry, Customer } from '../domain/admin-reports.js';
import { type CreditPackRequest, CUSTOMERS_PAGE_SIZE, type CustomerSortColumn, decideCreditPack } from '../domain/admin-rules.js';
import { AdminAuditService } from './admin-audit.service.js';
import { SqlAdminReports } from '../infrastructure/sql-admin-reports.repository.js';
import { NotFoundError, RuleBrokenError } from '../../platform/errors/application-errors.js';

/**
 * The admin console's use cases. Changes go through the owning module's service (accounts, billing); every change
 * and every look at one customer's records is written to the audit log once it has succeeded. The statistics and
 * the customer list are polled every few seconds by an open console and are not audited (part 2 §9).
 */
@Injectable()
export class AdminConsoleService {
  constructor(
    private readonly reports: SqlAdminReports,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountAdministrationService,
    private readonly credits: CreditService,
    private readonly audit: AdminAuditService,
    private readonly transactions: Transactions,
  ) {}

  statistics(): Promise<AdminStatistics> {
    return this.reports.statistics(this.clock.now());
  }

  async customers(query: { searchEmail?: string; page: number; sortColumn: CustomerSortColumn; sortDescending: boolean }): Promise<{ customers: Customer[]; total: number }> {
    return this.reports.customers({ ...query, searchEmail: query.searchEmail?.trim() ?? '', pageSize: CUSTOMERS_PAGE_SIZE }, this.clock.now());
  }

  async creditsData(admin: User, userId: string): Promise<CreditsData> {
    await this.accounts.customer(userId);
    const data = await this.credits.creditsData(userId);
    await this.audit.record(admin, 'getCreditsData', userId);
    return data;
  }

  /**
   * The grant and its audit row are one transaction: no credits without their audit row. A request repeated with its
   * `grantKey` (a lost answer retried, a double click) grants nothing more and answers the same credits.
   */
  async addCreditPack(admin: User, userId: string, request: CreditPackRequest, grantKey?: string): Promise<CreditsData> {
    await this.accounts.customer(userId);
    const ruling = decideCreditPack(request, this.clock.now());
    if (!ruling.ok) throw new RuleBrokenError(ruling.message, { [ruling.field]: [ruling.message] });
    const { pack } = ruling;
    await this.transactions.run(async () => {
      const { packId, granted } = await this.credits.addPack(userId, pack.kind, pack.credits, pack.expiryDate, pack.note ?? undefined, {
        updateAllExpiries: pack.updateAllExpiries,
        grantKey,
      });
      if (!granted) return;
      await this.audit.record(admin, 'addCreditPack', userId, {
        packId,
        credits: pack.credits,
        isTrialPack: pack.kind === 'trial',
        expiryDate: pack.expiryDate.toISOString(),
        updateAllExpiries: pack.updateAllExpiries,
        note: pack.note,
      });
    });
    return this.credits.creditsData(userId);
  }

  async deleteCreditPack(admin: User, userId: string, packId: string): Promise<CreditsData> {
    await this.accounts.customer(userId);
    const pack = (await this.credits.creditsData(userId)).packs.find((candidate) => candidate.id === packId);
    if (!pack) throw new NotFoundError(BILLING_MESSAGES.packNotFound);
    await this.transactions.run(async () => {
      await this.credits.deleteUnusedPack(userId, packId);
      await this.audit.record(admin, 'deleteCreditPack', userId, {
        packId,
        kind: pack.kind,
        credits: pack.credits.length,
        expiryDate: pack.expiryDate.toISOString(),
        note: pack.note,
      });
    });
    return this.credits.creditsData(userId);
  }

  /** The change and its audit row are one transaction, as a credit grant's: no change without its audit row. */
  async changeEmail(admin: User, userId: string, email: string): Promise<User> {
    await this.transactions.run(async () => {
      const changed = await this.accounts.changeEmail(userId, email, admin);
      await this.audit.record(admin, 'changeEmail', userId, { from: changed.previousEmail, to: changed.email });
    });
    return this.accounts.customer(userId);
  }

  async emailHistory(admin: User, userId: string): Promise<EmailChange[]> {
    const history = await this.accounts.emailHistory(userId);
    await this.audit.record(admin, 'getEmailHistory', userId);
    return history;
  }

  async setApiEnabled(admin: User, userId: string, apiEnabled: boolean): Promise<User> {
    await this.transactions.run(async () => {
      const { revokedKeys } = await this.accounts.setApiEnabled(userId, apiEnabled);
      await this.audit.record(admin, 'setApiEnabled', userId, apiEnabled ? { apiEnabled } : { apiEnabled, revokedKeys });
    });
    return this.accounts.customer(userId);
  }

  auditLog(userId?: string): Promise<AuditEntry[]> {
    return this.audit.latest(userId);
  }
}
