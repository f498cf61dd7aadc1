import type { Currency } from '../../domain/pricing.js';

export type WalletExecution = { status: 'succeeded'; reference: string } | { status: 'declined'; message: string };

/** Wallet payments (PayPal's create, approve, execute): the built-in test gateway, or PayPal REST when configured. */
export interface WalletGateway {
  readonly name: 'test' | 'paypal';
  /** Creates the payment the payer approves; answers the provider's payment id. */
  createPayment(payment: { amount: number; currency: Currency; description: string; idempotencyKey: string }): Promise<string>;
  /** Executes an approved payment. */
  executePayment(paymentId: string, payerId: string): Promise<WalletExecution>;
  /** Where a payment stands with the provider (the sweep's question when an execution's answer never came). */
  status(paymentId: string): Promise<WalletExecution | { status: 'pending' }>;
}

export const WALLET_GATEWAY = Symbol('WALLET_GATEWAY');
