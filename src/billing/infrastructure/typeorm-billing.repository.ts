import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { And, type DataSource, IsNull, LessThan, MoreThan, Not, type Repository } from 'typeorm';
import type { CreditPack, CreditPackKind } from '../domain/credit-pack.js';
import type { Fulfilment, Invoice, NewPayment, Payment, PaymentStatus } from '../domain/payment.js';
import type { Currency, PriceSettings } from '../domain/pricing.js';
import { joinTransaction } from '../../platform/database/transaction-scope.js';
import { BillingMapper } from './billing.mappers.js';
import { CreditOrmEntity, CreditPackOrmEntity, InvoiceOrmEntity, PaymentOrmEntity, PriceSettingOrmEntity } from './billing.orm-entities.js';

@Injectable()
export class TypeormBillingRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(PriceSettingOrmEntity) private readonly prices: Repository<PriceSettingOrmEntity>,
    @InjectRepository(PaymentOrmEntity) private readonly payments: Repository<PaymentOrmEntity>,
    @InjectRepository(CreditPackOrmEntity) private readonly packs: Repository<CreditPackOrmEntity>,
    @InjectRepository(CreditOrmEntity) private readonly credits: Repository<CreditOrmEntity>,
    @InjectRepository(InvoiceOrmEntity) private readonly invoices: Repository<InvoiceOrmEntity>,
  ) {}

  async pricesFor(currency: Currency): Promise<PriceSettings | null> {
    const row = await this.prices.findOneBy({ currency });
    return row ? BillingMapper.prices(row) : null;
  }

  /** Records the payment before any money moves; a retried request (same idempotency key) finds the first one. */
  async recordPayment(payment: NewPayment): Promise<Payment> {
    await this.payments
      .createQueryBuilder()
      .insert()
      .values({ ...payment, status: 'pending', createdAt: new Date() })
      .orIgnore()
      .execute();
    return BillingMapper.payment(await this.payments.findOneByOrFail({ idempotencyKey: payment.idempotencyKey }));
  }

  async findPayment(id: string): Promise<Payment | null> {
    const row = await this.payments.findOneBy({ id });
    return row ? BillingMapper.payment(row) : null;
  }

  async findPaymentByReference(gateway: string, reference: string): Promise<Payment | null> {
    const row = await this.payments.findOneBy({ gateway, gatewayReference: reference });
    return row ? BillingMapper.payment(row) : null;
  }

  async setGatewayReference(id: string, reference: string): Promise<void> {
    await this.payments.update({ id }, { gatewayReference: reference });
  }

  /** Card payments of the gateway still pending that were recorded before `before`. */
  async pendingCardPayments(gateway: string, before: Date): Promise<Payment[]> {
    const rows = await this.payments.find({ where: { gateway, method: 'card', status: 'pending', createdAt: LessThan(before) }, order: { createdAt: 'ASC' }, take: 100 });
    return rows.map((row) => BillingMapper.payment(row));
  }

  /** Wallet payments of the gateway still pending, with a provider payment id, recorded between `after` and `before`. */
  async pendingWalletPayments(gateway: string, after: Date, before: Date): Promise<Payment[]> {
    const rows = await this.payments.find({
      where: { gateway, method: 'wallet', status: 'pending', gatewayReference: Not(IsNull()), createdAt: And(MoreThan(after), LessThan(before)) },
      order: { createdAt: 'ASC' },
      take: 100,
    });
    return rows.map((row) => BillingMapper.payment(row));
  }

  /** Payments of any gateway that succeeded before `before` and were never fulfilled (their request failed after the money moved). */
  async unfulfilledPayments(before: Date): Promise<Payment[]> {
    const rows = await this.payments.find({ where: { status: 'succeeded', fulfilledAt: IsNull(), userId: Not(IsNull()), completedAt: LessThan(before) }, order: { completedAt: 'ASC' }, take: 100 });
    return rows.map((row) => BillingMapper.payment(row));
  }

  /** Binds the payment to what it pays for, atomically: false when it is bound to something else already. */
  async bindPayment(id: string, paidFor: string): Promise<boolean> {
    const bound = await this.payments.createQueryBuilder().update().set({ paidFor }).where('id = :id AND (paid_for IS NULL OR paid_for = :paidFor)', { id, paidFor }).execute();
    return (bound.affected ?? 0) > 0;
  }

  /** Settles a pending payment; a settled one stays as it is (answers false). */
  async settlePayment(id: string, status: Exclude<PaymentStatus, 'pending'>, at: Date, details: { reference?: string; declineMessage?: string }): Promise<boolean> {
    const result = await this.payments.update(
      { id, status: 'pending' },
      { status, completedAt: at, declineMessage: details.declineMessage ?? null, ...(details.reference && { gatewayReference: details.reference }) },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * In one transaction: marks the succeeded payment fulfilled, adds its credits and writes its invoice with the
   * next invoice number. Answers false when it was fulfilled already (a replayed webhook, a retried request).
   */
  async fulfil(paymentId: string, fulfilment: Fulfilment, at: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [claimed] = (await manager.query(`UPDATE payment SET fulfilled_at = $2 WHERE id = $1 AND status = 'succeeded' AND fulfilled_at IS NULL RETURNING amount, currency`, [paymentId, at])) as [
        { amount: number; currency: string }[],
        number,
      ];
      if (claimed.length === 0) return false;
      const [pack] = (await manager.query(`INSERT INTO credit_pack (user_id, kind, purchase_date, expiry_date, payment_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
        fulfilment.userId,
        fulfilment.packKind,
        at,
        fulfilment.expiryDate,
        paymentId,
      ])) as { id: string }[];
      await manager.query(`INSERT INTO credit (pack_id, user_id) SELECT $1, $2 FROM generate_series(1, $3)`, [pack.id, fulfilment.userId, fulfilment.credits]);
      // The counter row is locked until commit: numbers are gapless and in order.
      const [[counter]] = (await manager.query(`UPDATE invoice_counter SET next_number = next_number + 1 WHERE id = 1 RETURNING next_number - 1 AS number`)) as [{ number: number }[], number];
      const { invoice } = fulfilment;
      await manager.query(
        `INSERT INTO invoice (invoice_number, user_id, payment_id, date_created, currency, amount, description, customer_name, customer_email, customer_address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          counter.number,
          fulfilment.userId,
          paymentId,
          at,
          claimed[0].currency,
          claimed[0].amount,
          invoice.description,
          invoice.customerName,
          invoice.customerEmail,
          JSON.stringify(invoice.customerAddress),
        ],
      );
      return true;
    });
  }

  /**
   * With `updateAllExpiries`, every other pack of the user takes the new pack's expiry in the same transaction. With a
   * `grantKey` the user already has a pack of, nothing is added: that pack is answered with `granted: false`.
   */
  async addPack(
    pack: { userId: string; kind: CreditPackKind; credits: number; expiryDate: Date; note?: string },
    at: Date,
    options: { updateAllExpiries?: boolean; grantKey?: string } = {},
  ): Promise<{ packId: string; granted: boolean }> {
    return joinTransaction(this.dataSource, async (manager) => {
      // A second request with the grant's key waits here for the first one's transaction, then finds its pack.
      const [row] = (await manager.query(
        `INSERT INTO credit_pack (user_id, kind, purchase_date, expiry_date, note, grant_key) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id, grant_key) WHERE grant_key IS NOT NULL DO NOTHING RETURNING id`,
        [pack.userId, pack.kind, at, pack.expiryDate, pack.note ?? null, options.grantKey ?? null],
      )) as { id: string }[];
      if (!row) {
        const [granted] = (await manager.query('SELECT id FROM credit_pack WHERE user_id = $1 AND grant_key = $2', [pack.userId, options.grantKey])) as { id: string }[];
        return { packId: granted.id, granted: false };
      }
      if (options.updateAllExpiries) await manager.query('UPDATE credit_pack SET expiry_date = $2 WHERE user_id = $1', [pack.userId, pack.expiryDate]);
      await manager.query(`INSERT INTO credit (pack_id, user_id) SELECT $1, $2 FROM generate_series(1, $3)`, [row.id, pack.userId, pack.credits]);
      return { packId: row.id, granted: true };
    });
  }

  /** Removes a pack none of whose credits was spent: 'redeemed' when one was, 'missing' when it is not the user's. */
  async deleteUnusedPack(userId: string, packId: string): Promise<'deleted' | 'redeemed' | 'missing'> {
    return joinTransaction(this.dataSource, async (manager) => {
      // Locking the pack's credits first: a redemption running now either finished (and is seen) or waits and then
      // finds its credit gone, so a spent credit never disappears with its pack.
      const [pack] = (await manager.query('SELECT id FROM credit_pack WHERE id = $1 AND user_id = $2 FOR UPDATE', [packId, userId])) as unknown[];
      if (!pack) return 'missing';
      const credits = (await manager.query('SELECT redeemed_date FROM credit WHERE pack_id = $1 FOR UPDATE', [packId])) as { redeemed_date: Date | null }[];
      if (credits.some((credit) => credit.redeemed_date !== null)) return 'redeemed';
      await manager.query('DELETE FROM credit_pack WHERE id = $1', [packId]);
      return 'deleted';
    });
  }

  async creditPacks(userId: string): Promise<CreditPack[]> {
    const packs = await this.packs.find({ where: { userId }, order: { purchaseDate: 'DESC' } });
    const credits = packs.length
      ? await this.credits
          .createQueryBuilder('c')
          .where('c.pack_id IN (:...ids)', { ids: packs.map((p) => p.id) })
          .getMany()
      : [];
    return packs.map((pack) =>
      BillingMapper.pack(
        pack,
        credits.filter((credit) => credit.packId === pack.id),
      ),
    );
  }

  async unusedCredits(userId: string, at: Date): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS unused FROM credit c JOIN credit_pack p ON p.id = c.pack_id
        WHERE c.user_id = $1 AND c.redeemed_date IS NULL AND p.expiry_date > $2`,
      [userId, at],
    )) as { unused: number }[];
    return row.unused;
  }

  /** Spends the unused, unexpired credit that expires first; null when there is none. Safe under concurrency. */
  async redeemCredit(userId: string, redeemedFor: string, at: Date): Promise<string | null> {
    // SKIP LOCKED: concurrent redemptions each take a different credit, and none waits on another's lock.
    const [rows] = (await this.dataSource.query(
      `UPDATE credit SET redeemed_date = $3, redeemed_for = $2
        WHERE id = (
          SELECT c.id FROM credit c JOIN credit_pack p ON p.id = c.pack_id
           WHERE c.user_id = $1 AND c.redeemed_date IS NULL AND p.expiry_date > $3
           ORDER BY p.expiry_date, c.id
           LIMIT 1
           FOR UPDATE OF c SKIP LOCKED)
        RETURNING id`,
      [userId, redeemedFor, at],
    )) as [{ id: string }[], number];
    return rows[0]?.id ?? null;
  }

  async invoicesFor(userId: string, page: number, count: number): Promise<{ invoices: Invoice[]; total: number }> {
    const [rows, total] = await this.invoices.findAndCount({ where: { userId }, order: { invoiceNumber: 'DESC' }, skip: (page - 1) * count, take: count });
    return { invoices: rows.map((row) => BillingMapper.invoice(row)), total };
  }

  async findInvoice(id: string): Promise<Invoice | null> {
    const row = await this.invoices.findOneBy({ id });
    return row ? BillingMapper.invoice(row) : null;
  }

  async findInvoiceByPayment(paymentId: string): Promise<Invoice | null> {
    const row = await this.invoices.findOneBy({ paymentId });
    return row ? BillingMapper.invoice(row) : null;
  }

  /** Adds a refund pack of one credit for the credit redeemed for `redeemedFor`, unless refunded already. Joins a surrounding transaction. */
  async refundRedeemedCredit(userId: string, redeemedFor: string, expiryDate: Date, at: Date): Promise<boolean> {
    return joinTransaction(this.dataSource, async (manager) => {
      const redeemed = (await manager.query(`SELECT id FROM credit WHERE user_id = $1 AND redeemed_for = $2 FOR UPDATE`, [userId, redeemedFor])) as { id: string }[];
      if (redeemed.length === 0) return false;
      const note = `refund for ${redeemedFor}`;
      const already = (await manager.query(`SELECT 1 FROM credit_pack WHERE user_id = $1 AND kind = 'refund' AND note = $2`, [userId, note])) as unknown[];
      if (already.length > 0) return false;
      const [pack] = (await manager.query(`INSERT INTO credit_pack (user_id, kind, purchase_date, expiry_date, note) VALUES ($1, 'refund', $2, $3, $4) RETURNING id`, [
        userId,
        at,
        expiryDate,
        note,
      ])) as { id: string }[];
      await manager.query(`INSERT INTO credit (pack_id, user_id) VALUES ($1, $2)`, [pack.id, userId]);
      return true;
    });
  }
}
