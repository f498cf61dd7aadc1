import type { CreditPack, CreditPackKind } from '../../domain/credit-pack.js';
import type { Invoice, Payment, PaymentStatus } from '../../domain/payment.js';
import type { Currency, PaymentOption, PriceSettings } from '../../domain/pricing.js';

export interface NewPayment {
  userId: string | null;
  paymentOption: PaymentOption;
  currency: Currency;
  amount: number;
  method: 'card' | 'wallet';
  gateway: string;
  idempotencyKey: string;
}

export interface Fulfilment {
  userId: string;
  packKind: CreditPackKind;
  credits: number;
  expiryDate: Date;
  invoice: { description: string; customerName: string; customerEmail: string; customerAddress: Record<string, string | null> };
}

export interface BillingRepository {
  pricesFor(currency: Currency): Promise<PriceSettings | null>;
  /** Records the payment before any money moves; a retried request (same idempotency key) finds the first one. */
  recordPayment(payment: NewPayment): Promise<Payment>;
  findPayment(id: string): Promise<Payment | null>;
  findPaymentByReference(gateway: string, reference: string): Promise<Payment | null>;
  setGatewayReference(id: string, reference: string): Promise<void>;
  /** Card payments of the gateway still pending that were recorded before `before`. */
  pendingCardPayments(gateway: string, before: Date): Promise<Payment[]>;
  /** Binds the payment to what it pays for, atomically: false when it is bound to something else already. */
  bindPayment(id: string, paidFor: string): Promise<boolean>;
  /** Settles a pending payment; a settled one stays as it is (answers false). */
  settlePayment(id: string, status: Exclude<PaymentStatus, 'pending'>, at: Date, details: { reference?: string; declineMessage?: string }): Promise<boolean>;
  /**
   * In one transaction: marks the succeeded payment fulfilled, adds its credits and writes its invoice with the
   * next invoice number. Answers false when it was fulfilled already (a replayed webhook, a retried request).
   */
  fulfil(paymentId: string, fulfilment: Fulfilment, at: Date): Promise<boolean>;
  /**
   * With `updateAllExpiries`, every other pack of the user takes the new pack's expiry in the same transaction. With a
   * `grantKey` the user already has a pack of, nothing is added: that pack is answered with `granted: false`.
   */
  addPack(
    pack: { userId: string; kind: CreditPackKind; credits: number; expiryDate: Date; note?: string },
    at: Date,
    options?: { updateAllExpiries?: boolean; grantKey?: string },
  ): Promise<{ packId: string; granted: boolean }>;
  /** Removes a pack none of whose credits was spent: 'redeemed' when one was, 'missing' when it is not the user's. */
  deleteUnusedPack(userId: string, packId: string): Promise<'deleted' | 'redeemed' | 'missing'>;
  creditPacks(userId: string): Promise<CreditPack[]>;
  unusedCredits(userId: string, at: Date): Promise<number>;
  /** Spends the unused, unexpired credit that expires first; null when there is none. Safe under concurrency. */
  redeemCredit(userId: string, redeemedFor: string, at: Date): Promise<string | null>;
  /** Adds a refund pack of one credit for the credit redeemed for `redeemedFor`, unless refunded already. */
  refundRedeemedCredit(userId: string, redeemedFor: string, expiryDate: Date, at: Date): Promise<boolean>;
  invoicesFor(userId: string, page: number, count: number): Promise<{ invoices: Invoice[]; total: number }>;
  findInvoice(id: string): Promise<Invoice | null>;
  findInvoiceByPayment(paymentId: string): Promise<Invoice | null>;
}
