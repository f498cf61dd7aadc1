import type { Currency, PaymentOption } from './pricing.js';
import type { CreditPackKind } from './credit-pack.js';

export type PaymentStatus = 'pending' | 'succeeded' | 'declined' | 'failed';

export interface Payment {
  id: string;
  userId: string | null;
  paymentOption: PaymentOption;
  currency: Currency;
  amount: number;
  method: 'card' | 'wallet';
  gateway: string;
  gatewayReference: string | null;
  status: PaymentStatus;
  declineMessage: string | null;
  fulfilledAt: Date | null;
  /** What a wallet payment paid for (the purchase of credits, or one draw submission); null until first used. */
  paidFor: string | null;
}

export interface Invoice {
  id: string;
  invoiceNumber: number;
  userId: string;
  dateCreated: Date;
  currency: Currency;
  amount: number;
  description: string;
  customerName: string;
  customerEmail: string;
  customerAddress: Record<string, string | null>;
}

export type NewPayment = Pick<Payment, 'userId' | 'paymentOption' | 'currency' | 'amount' | 'method' | 'gateway'> & { idempotencyKey: string };

export interface Fulfilment {
  userId: string;
  packKind: CreditPackKind;
  credits: number;
  expiryDate: Date;
  invoice: { description: string; customerName: string; customerEmail: string; customerAddress: Record<string, string | null> };
}

/** What a wallet payment pays for: the credits bought on the billing page, or one draw submission. */
export type WalletPurpose = { credits: true } | { draw: string };

/** The stored form of a purpose: one text per thing paid for. */
export function paidForOf(purpose: WalletPurpose): string {
  return 'draw' in purpose ? `draw ${purpose.draw}` : 'credits';
}

export const BILLING_MESSAGES = {
  noCredits: 'You have no credits left. Please buy a pack of credits or pay for this draw.',
  declinedFallback: 'Your card was declined.',
  actionRequired: 'Your bank asks you to confirm this payment.',
  processing: 'Your payment is still being processed. We will e-mail you when it completes; your credits appear then.',
  neverSettled: 'Your bank did not confirm the payment in time, so it was cancelled.',
  walletFailure: 'Something went wrong while processing your PayPal transaction. Please contact support.',
  walletUsed: 'This PayPal payment has already paid for something else. Please make a new payment.',
  notPurchase: 'Choose a pack of 10 or 100 credits.',
  priceChanged: 'The price has changed. Please review it and try again.',
  packNotFound: 'Credit pack not found.',
  packRedeemed: 'Credits of this pack have been used, so it cannot be deleted.',
} as const;
