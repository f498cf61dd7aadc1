import type { WalletExecution, WalletGateway } from '../application/ports/wallet-gateway.port.js';
import type { Currency } from '../domain/pricing.js';

export interface PayPalConnection {
  clientId: string;
  secret: string;
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com, or a local stub in tests. */
  apiUrl: string;
  /** Where PayPal sends the payer back (the client's buycredits page handles both). */
  returnUrl: string;
  cancelUrl: string;
}

const TIMEOUT_MS = 15_000;

/** PayPal REST v1 payments: OAuth client credentials, create (intent sale), execute with the payer id. */
export class PayPalWalletGateway implements WalletGateway {
  readonly name = 'paypal' as const;

  constructor(private readonly connection: PayPalConnection) {}

  async createPayment(payment: { amount: number; currency: Currency; description: string; idempotencyKey: string }): Promise<string> {
    const body = {
      intent: 'sale',
      payer: { payment_method: 'paypal' },
      transactions: [{ amount: { total: (payment.amount / 100).toFixed(2), currency: payment.currency }, description: payment.description }],
      redirect_urls: { return_url: this.connection.returnUrl, cancel_url: this.connection.cancelUrl },
    };
    const created = await this.call<{ id: string; state: string }>('/v1/payments/payment', body, payment.idempotencyKey);
    return created.id;
  }

  async executePayment(paymentId: string, payerId: string): Promise<WalletExecution> {
    const executed = await this.call<{ state: string; transactions?: { related_resources?: { sale?: { id: string } }[] }[] }>(
      `/v1/payments/payment/${encodeURIComponent(paymentId)}/execute`,
      { payer_id: payerId },
      `execute-${paymentId}`,
    );
    if (executed.state !== 'approved') return { status: 'declined', message: `PayPal answered ${executed.state}.` };
    const sale = executed.transactions?.[0]?.related_resources?.[0]?.sale?.id;
    return { status: 'succeeded', reference: sale ?? paymentId };
  }

  /** Executed: its sale completed (succeeded) or the payment failed; anything else (created, approved but not executed) is pending. */
  async status(paymentId: string): Promise<WalletExecution | { status: 'pending' }> {
    const response = await fetch(`${this.connection.apiUrl}/v1/payments/payment/${encodeURIComponent(paymentId)}`, {
      headers: { Authorization: `Bearer ${await this.accessToken()}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`PayPal payment ${paymentId} could not be looked up (${response.status})`);
    const payment = (await response.json()) as { state?: string; transactions?: { related_resources?: { sale?: { id: string; state: string } }[] }[] };
    const sale = payment.transactions?.[0]?.related_resources?.[0]?.sale;
    if (payment.state === 'approved' && sale?.state === 'completed') return { status: 'succeeded', reference: sale.id };
    if (payment.state === 'failed') return { status: 'declined', message: 'PayPal answered failed.' };
    return { status: 'pending' };
  }

  private async accessToken(): Promise<string> {
    const credentials = Buffer.from(`${this.connection.clientId}:${this.connection.secret}`).toString('base64');
    const response = await fetch(`${this.connection.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`PayPal refused the credentials (${response.status})`);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  private async call<T>(path: string, body: unknown, requestId: string): Promise<T> {
    const response = await fetch(`${this.connection.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await this.accessToken()}`,
        'Content-Type': 'application/json',
        // PayPal's idempotency header: a retried call returns the first call's result.
        'PayPal-Request-Id': requestId,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const payload = (await response.json().catch(() => ({}))) as T & { message?: string; name?: string };
    if (!response.ok) throw new Error(`PayPal ${path} failed (${response.status}): ${payload.name ?? ''} ${payload.message ?? ''}`.trim());
    return payload;
  }
}
