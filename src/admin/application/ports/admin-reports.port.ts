import type { AdminStatistics, Customer } from '../../domain/admin-reports.js';
import type { CustomerSortColumn } from '../../domain/admin-rules.js';

export interface CustomerQuery {
  searchEmail: string;
  page: number;
  pageSize: number;
  sortColumn: CustomerSortColumn;
  sortDescending: boolean;
}

/**
 * Read-only reports across the modules' tables (accounts, billing, draws). Reporting needs joins no module's
 * service can give (customers sorted by their last purchase); nothing here ever writes.
 */
export interface AdminReports {
  statistics(now: Date): Promise<AdminStatistics>;
  customers(query: CustomerQuery, now: Date): Promise<{ customers: Customer[]; total: number }>;
}
