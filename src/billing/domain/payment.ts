import type { Currency, PaymentOption } from './pricing.js';

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

export const BILLING_MESSAGES = {
  noCredits: 'You have no credits left. Please buy a pack of credits or pay for this draw.',
  declinedFallback: 'Your card was declined.',
  walletFailure: 'Something went wrong while processing your PayPal transaction. Please contact support.',
  notPurchase: 'Choose a pack of 10 or 100 credits.',
  priceChanged: 'The price has changed. Please review it and try again.',
  packNotFound: 'Credit pack not found.',
  packRedeemed: 'Credits of this pack have been used, so it cannot be deleted.',
} as const;
