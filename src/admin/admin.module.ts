import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AdminController } from './api/admin.controller.js';
import { AdminAuditService } from './application/admin-audit.service.js';
import { AdminConsoleService } from './application/admin-console.service.js';
import { AdminAuditOrmEntity } from './infrastructure/admin-audit.orm-entity.js';
import { SqlAdminReports } from './infrastructure/sql-admin-reports.repository.js';
import { TypeormAdminAuditRepository } from './infrastructure/typeorm-admin-audit.repository.js';

/** The admin console (part 2 §2): statistics, customers, credit packs, e-mail changes and API access, audited. */
@Module({
  // Billing is global (CreditService); accounts gives AccountAdministrationService.
  imports: [AccountsModule, TypeOrmModule.forFeature([AdminAuditOrmEntity])],
  controllers: [AdminController],
  providers: [AdminConsoleService, AdminAuditService, SqlAdminReports, TypeormAdminAuditRepository],
})
export class AdminModule {}
