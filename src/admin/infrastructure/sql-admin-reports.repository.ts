import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CURRENCIES, type Currency } from '../../billing/domain/pricing.js';
import type { AdminReports, CustomerQuery } from '../application/ports/admin-reports.port.js';
import { type AdminStatistics, type Customer, type RevenueOnDay, STATISTICS_DAYS } from '../domain/admin-reports.js';
import type { CustomerSortColumn } from '../domain/admin-rules.js';

/** Draws the statistics count: every state but draft, and never test-key draws (free API integration tests). */
const COUNTED_DRAW = `state <> 'draft' AND source <> 'test'`;

/**
 * Published draws. Winner publication is not part of this code base yet: no draw can be published, so the count
 * is 0. When the `publication` table arrives, this one expression becomes its count, for example
 * `(SELECT count(DISTINCT p.draw_id)::int FROM publication p JOIN draw d ON d.id = p.draw_id WHERE d.${COUNTED_DRAW} AND p.publish_date <= $1)`.
 */
const PUBLISHED_DRAWS = '0';

const SORT_EXPRESSIONS: Record<CustomerSortColumn, string> = {
  email: 'u.email',
  emailName: `lower(trim(u.first_name || ' ' || u.last_name))`,
  lastPurchased: 'lp.last_purchased',
  lastUsed: 'lu.last_used',
};

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

@Injectable()
export class SqlAdminReports implements AdminReports {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async statistics(now: Date): Promise<AdminStatistics> {
    const [counts] = (await this.dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM users) AS customers,
         (SELECT count(*)::int FROM users WHERE api_enabled) AS api_customers,
         (SELECT count(*)::int FROM draw WHERE ${COUNTED_DRAW}) AS draws,
         (SELECT count(*)::int FROM draw WHERE ${COUNTED_DRAW} AND state = 'drawn') AS completed,
         (SELECT count(*)::int FROM draw WHERE ${COUNTED_DRAW} AND state = 'scheduled') AS scheduled,
         (SELECT count(*)::int FROM draw WHERE ${COUNTED_DRAW} AND state = 'cancelled') AS cancelled,
         (SELECT count(*)::int FROM credit c JOIN credit_pack p ON p.id = c.pack_id WHERE p.payment_id IS NOT NULL) AS credits_sold,
         (SELECT count(*)::int FROM credit c JOIN credit_pack p ON p.id = c.pack_id WHERE c.redeemed_date IS NULL AND p.expiry_date > $1) AS unused_credits,
         ${PUBLISHED_DRAWS} AS published`,
      [now],
    )) as Record<'customers' | 'api_customers' | 'draws' | 'completed' | 'scheduled' | 'cancelled' | 'credits_sold' | 'unused_credits' | 'published', number>[];

    // Signed in now: an unexpired session that carries a user (a logout destroys the session).
    const active = (await this.dataSource.query(
      `SELECT DISTINCT ON (u.id) u.email, trim(u.first_name || ' ' || u.last_name) AS name
         FROM session s JOIN users u ON u.id::text = s.sess -> 'passport' ->> 'user'
        WHERE s.expire > $1
        ORDER BY u.id
        LIMIT ${ACTIVE_USER_NAMES_LIMIT}`,
      [now],
    )) as { email: string; name: string }[];

    const revenue = (await this.dataSource.query(`SELECT currency, sum(amount)::bigint AS amount FROM invoice GROUP BY currency ORDER BY currency`)) as {
      currency: Currency;
      amount: string;
    }[];

    const days = this.days(now);
    const since = new Date(`${days[0]}T00:00:00Z`);
    const draws = (await this.dataSource.query(
      `SELECT day, sum(created)::int AS created, sum(completed)::int AS completed FROM (
         SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, 1 AS created, 0 AS completed FROM draw WHERE ${COUNTED_DRAW} AND created_at >= $1
         UNION ALL
         SELECT to_char(drawn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, 1 FROM draw WHERE ${COUNTED_DRAW} AND state = 'drawn' AND drawn_at >= $1
       ) AS events GROUP BY day`,
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
    const rows = (await this.dataSource.query(
      `SELECT u.id, u.email, trim(u.first_name || ' ' || u.last_name) AS email_name, u.api_enabled, u.role,
              lp.last_purchased, lu.last_used, uc.unused
         FROM users u
         LEFT JOIN LATERAL (SELECT max(p.purchase_date) AS last_purchased FROM credit_pack p WHERE p.user_id = u.id AND p.payment_id IS NOT NULL) lp ON true
         LEFT JOIN LATERAL (SELECT max(d.created_at) AS last_used FROM draw d WHERE d.owner_user_id = u.id AND d.state <> 'draft') lu ON true
         LEFT JOIN LATERAL (
           SELECT count(*)::int AS unused FROM credit c JOIN credit_pack p ON p.id = c.pack_id
            WHERE c.user_id = u.id AND c.redeemed_date IS NULL AND p.expiry_date > $2) uc ON true
        WHERE lower(u.email) LIKE $1
        ORDER BY ${SORT_EXPRESSIONS[query.sortColumn]} ${direction} NULLS LAST, u.email, u.id
        LIMIT $3 OFFSET $4`,
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
