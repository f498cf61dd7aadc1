import type { Currency } from '../../billing/domain/pricing.js';
import type { CustomerSortColumn } from './admin-rules.js';

/** Part 2 §3 "Customer (admin)", with what the console needs beside it. */
export interface Customer {
  userId: string;
  email: string;
  /** The name the customer gave (first and last), blank when none. */
  emailName: string;
  /** The latest pack bought with a payment. */
  lastPurchased: Date | null;
  /** The latest draw created (drafts aside). */
  lastUsed: Date | null;
  apiEnabled: boolean;
  isAdmin: boolean;
  unusedCredits: number;
}

interface SummaryEntry {
  key: string;
  label: string;
  value: number;
}

/** Days of the statistics charts, today (UTC) included. */
export const STATISTICS_DAYS = 30;

interface DrawsOnDay {
  /** YYYY-MM-DD, UTC. */
  date: string;
  created: number;
  completed: number;
}

export type RevenueOnDay = { date: string } & Record<Currency, number>;

/** Part 2 §3 "Admin statistics". Test-key draws (free API integration tests) and drafts are never counted. */
export interface AdminStatistics {
  summary: SummaryEntry[];
  completedDraws: number;
  scheduledDraws: number;
  publishedDraws: number;
  activeUserNames: string[];
  revenue: { currency: Currency; amount: number }[];
  drawsOverTime: DrawsOnDay[];
  revenueOverTime: RevenueOnDay[];
}

export interface CustomerQuery {
  searchEmail: string;
  page: number;
  pageSize: number;
  sortColumn: CustomerSortColumn;
  sortDescending: boolean;
}

export interface AuditEntry {
  id: string;
  at: Date;
  adminUserId: string | null;
  adminEmail: string;
  action: string;
  customerUserId: string | null;
  detail: Record<string, unknown>;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;
