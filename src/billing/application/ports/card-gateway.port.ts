import type { Currency } from '../../domain/pricing.js';

export interface CardCharge {
  amount: number;
  currency: Currency;
  /** The card token (payment method) from the checkout. */
  token: string;
  /** The same key for a retried request: the provider charges once. */
  idempotencyKey: string;
  /** Our payment's id, given to the provider with the charge so its webhook finds the payment when our request never got the answer. */
  paymentId: string;
  description: string;
}

/**
 * Where a charge stands. `requires_action`: the bank asks the customer to authenticate (3-D Secure); the checkout runs
 * it with the client secret, then sends the same request again. `processing`: the provider answers later (webhook).
 */
export type CardChargeResult =
  | { status: 'succeeded'; reference: string }
  | { status: 'declined'; message: string; reference?: string }
  | { status: 'requires_action'; reference: string; clientSecret: string }
  | { status: 'processing'; reference: string };

/** Card payments: the built-in test gateway, or Stripe when STRIPE_SECRET_KEY is set. */
export interface CardGateway {
  readonly name: 'test' | 'stripe';
  charge(charge: CardCharge): Promise<CardChargeResult>;
  /** Where an earlier charge stands now (after the customer's authentication, or for the sweep of unsettled payments). */
  status(reference: string): Promise<CardChargeResult>;
}

export const CARD_GATEWAY = Symbol('CARD_GATEWAY');
