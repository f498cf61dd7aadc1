import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CURRENCIES, type Currency } from '../../billing/domain/pricing.js';
import { type AdminStatistics, type Customer, type CustomerQuery, type RevenueOnDay, STATISTICS_DAYS } from '../domain/admin-reports.js';
import type { CustomerSortColumn } from '../domain/admin-rules.js';

/** Draws the statistics count: every state but draft, and never test-key draws (free API integration tests). */
const COUNTED_DRAW = `state <> 'draft' AND source <> 'test'`;

/** Published draws: those whose winners' page is live now (a scheduled publication counts once it goes live). */
const PUBLISHED_DRAWS = `(SELECT count(*)::int FROM draw_publication p JOIN draw d ON d.id = p.draw_id WHERE p.published AND p.live AND d.state <> 'draft' AND d.source <> 'test')`;

/**
 * The customer list's order, on the page query (`u` and the grouped activity `a`) and again on its rows (`p`, with
 * the per-row figures `lp`, `lu`). Sorting by a user column pages the users first and reads the activity of ten
 * rows only; sorting by activity needs it for every user, read in one grouped pass per table.
 */
const SORTS: Record<CustomerSortColumn, { page: string; rows: string; needsActivity: boolean }> = {
  // Addresses are stored lower-cased; lower(email) is what the unique index holds, so a page is read from it.
  email: { page: 'lower(u.email)', rows: 'lower(p.email)', needsActivity: false },
  emailName: { page: `lower(trim(u.first_name || ' ' || u.last_name))`, rows: `lower(trim(p.first_name || ' ' || p.last_name))`, needsActivity: false },
  lastPurchased: { page: 'a_purchase.last_purchased', rows: 'lp.last_purchased', needsActivity: true },
  lastUsed: { page: 'a_use.last_used', rows: 'lu.last_used', needsActivity: true },
};

const ACTIVITY_JOINS = `
  LEFT JOIN (SELECT user_id, max(purchase_date) AS last_purchased FROM credit_pack WHERE payment_id IS NOT NULL GROUP BY user_id) a_purchase ON a_purchase.user_id = u.id
  LEFT JOIN (SELECT owner_user_id, max(created_at) AS last_used FROM draw WHERE state <> 'draft' GROUP BY owner_user_id) a_use ON a_use.owner_user_id = u.id`;

/** At most this many names of signed-in users are listed. */
const ACTIVE_USER_NAMES_LIMIT = 100;

interface CustomerRow {
  id: string;
  email: string;
  email_name: string;
  api_enabled: boolean;
  role: string;
  last_purchased: Date | null;
  last_used: Date | null;
  unused: number;
}

/**
 * Read-only reports across the modules' tables (accounts, billing, draws). Reporting needs joins no module's
 * service can give (customers sorted by their last purchase); nothing here ever writes.
 */
@Injectable()
export class SqlAdminReports {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async statistics(now: Date): Promise<AdminStatistics> {
    // One pass over each table, however many figures it gives.
    const [counts] = (await this.dataSource.query(
      `SELECT people.*, draws.*, credits.*, ${PUBLISHED_DRAWS} AS published
         FROM (SELECT count(*)::int AS customers, count(*) FILTER (WHERE api_enabled)::int AS api_customers FROM users) people,
              (SELECT count(*)::int AS draws,
                      count(*) FILTER (WHERE state = 'drawn')::int AS completed,
                      count(*) FILTER (WHERE state = 'scheduled')::int AS scheduled,
                      count(*) FILTER (WHERE state = 'cancelled')::int AS cancelled
                 FROM draw WHERE ${COUNTED_DRAW}) draws,
              (SELECT count(*) FILTER (WHERE p.payment_id IS NOT NULL)::int AS credits_sold,
                      count(*) FILTER (WHERE c.redeemed_date IS NULL AND p.expiry_date > $1)::int AS unused_credits
                 FROM credit c JOIN credit_pack p ON p.id = c.pack_id) credits`,
      [now],
    )) as Record<'customers' | 'api_customers' | 'draws' | 'completed' | 'scheduled' | 'cancelled' | 'credits_sold' | 'unused_credits' | 'published', number>[];

    // Signed in now: an unexpired session that carries a user (a logout destroys the session).
    const active = (await this.dataSource.query(
      `SELECT u.email, trim(u.first_name || ' ' || u.last_name) AS name
         FROM users u
        WHERE u.id IN (SELECT (s.sess -> 'passport' ->> 'user')::uuid FROM session s WHERE s.expire > $1 AND s.sess -> 'passport' ->> 'user' IS NOT NULL)
        LIMIT ${ACTIVE_USER_NAMES_LIMIT}`,
      [now],
    )) as { email: string; name: string }[];

    const revenue = (await this.dataSource.query(`SELECT currency, sum(amount)::bigint AS amount FROM invoice GROUP BY currency ORDER BY currency`)) as {
      currency: Currency;
      amount: string;
    }[];

    const days = this.days(now);
    const since = new Date(`${days[0]}T00:00:00Z`);
    // One pass over the draws of the period: each gives its creation day and, once drawn, its drawing day.
    const draws = (await this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(created)::int AS created, sum(completed)::int AS completed FROM (
         SELECT (event.at AT TIME ZONE 'UTC')::date AS day, event.created, event.completed
           FROM draw d CROSS JOIN LATERAL (VALUES (d.created_at, 1, 0), (CASE WHEN d.state = 'drawn' THEN d.drawn_at END, 0, 1)) AS event (at, created, completed)
          WHERE ${COUNTED_DRAW} AND (d.created_at >= $1 OR d.drawn_at >= $1) AND event.at >= $1
       ) AS events GROUP BY 1`,
      [since],
    )) as { day: string; created: number; completed: number }[];
    const sales = (await this.dataSource.query(
      `SELECT to_char(date_created AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, currency, sum(amount)::bigint AS amount
         FROM invoice WHERE date_created >= $1 GROUP BY 1, 2`,
      [since],
    )) as { day: string; currency: Currency; amount: string }[];

    return {
      summary: [
        { key: 'customers', label: 'Customers', value: counts.customers },
        { key: 'apiCustomers', label: 'Customers with API access', value: counts.api_customers },
        { key: 'draws', label: 'Draws', value: counts.draws },
        { key: 'cancelledDraws', label: 'Cancelled draws', value: counts.cancelled },
        { key: 'creditsSold', label: 'Credits sold', value: counts.credits_sold },
        { key: 'unusedCredits', label: 'Unused credits', value: counts.unused_credits },
      ],
      completedDraws: counts.completed,
      scheduledDraws: counts.scheduled,
      publishedDraws: counts.published,
      activeUserNames: active.map((user) => user.name || user.email).sort((a, b) => a.localeCompare(b)),
      revenue: revenue.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
      drawsOverTime: days.map((date) => {
        const row = draws.find((candidate) => candidate.day === date);
        return { date, created: row?.created ?? 0, completed: row?.completed ?? 0 };
      }),
      revenueOverTime: days.map((date) => {
        const day = { date } as RevenueOnDay;
        for (const currency of CURRENCIES) day[currency] = Number(sales.find((row) => row.day === date && row.currency === currency)?.amount ?? 0);
        return day;
      }),
    };
  }

  async customers(query: CustomerQuery, now: Date): Promise<{ customers: Customer[]; total: number }> {
    // The search is a plain substring of the e-mail: LIKE's wildcards typed by the administrator match themselves.
    const pattern = `%${query.searchEmail.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS total FROM users u WHERE lower(u.email) LIKE $1`, [pattern])) as { total: number }[];
    const direction = query.sortDescending ? 'DESC' : 'ASC';
    const sort = SORTS[query.sortColumn];
    const rows = (await this.dataSource.query(
      `SELECT p.id, p.email, trim(p.first_name || ' ' || p.last_name) AS email_name, p.api_enabled, p.role, lp.last_purchased, lu.last_used, uc.unused
         FROM (
           SELECT u.id, u.email, u.first_name, u.last_name, u.api_enabled, u.role
             FROM users u ${sort.needsActivity ? ACTIVITY_JOINS : ''}
            WHERE lower(u.email) LIKE $1
            ORDER BY ${sort.page} ${direction} NULLS LAST, lower(u.email), u.id
            LIMIT $3 OFFSET $4
         ) p
         LEFT JOIN LATERAL (SELECT max(cp.purchase_date) AS last_purchased FROM credit_pack cp WHERE cp.user_id = p.id AND cp.payment_id IS NOT NULL) lp ON true
         LEFT JOIN LATERAL (SELECT max(d.created_at) AS last_used FROM draw d WHERE d.owner_user_id = p.id AND d.state <> 'draft') lu ON true
         LEFT JOIN LATERAL (
           SELECT count(*)::int AS unused FROM credit c JOIN credit_pack cp ON cp.id = c.pack_id
            WHERE c.user_id = p.id AND c.redeemed_date IS NULL AND cp.expiry_date > $2) uc ON true
        ORDER BY ${sort.rows} ${direction} NULLS LAST, lower(p.email), p.id`,
      [pattern, now, query.pageSize, (query.page - 1) * query.pageSize],
    )) as CustomerRow[];
    return {
      total,
      customers: rows.map((row) => ({
        userId: row.id,
        email: row.email,
        emailName: row.email_name,
        lastPurchased: row.last_purchased,
        lastUsed: row.last_used,
        apiEnabled: row.api_enabled,
        isAdmin: row.role === 'admin',
        unusedCredits: row.unused,
      })),
    };
  }

  /** The chart's days, oldest first, as UTC dates. */
  private days(now: Date): string[] {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    return Array.from({ length: STATISTICS_DAYS }, (_, index) => new Date(today - (STATISTICS_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10));
  }
}
