import Stripe from 'stripe';
import type { CardCharge, CardChargeResult, CardGateway } from '../application/ports/card-gateway.port.js';

export interface StripeConnection {
  secretKey: string;
  /** Only to point the SDK at a local stub in tests (STRIPE_API_URL). */
  apiUrl?: string;
}

export function createStripeClient(connection: StripeConnection): Stripe {
  const url = connection.apiUrl ? new URL(connection.apiUrl) : undefined;
  return new Stripe(connection.secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    ...(url && { host: url.hostname, port: Number(url.port), protocol: url.protocol.replace(':', '') as 'http' | 'https' }),
  });
}

/** PaymentIntents confirmed at once with the checkout's payment method; Stripe's idempotency key makes retries safe. */
export class StripeCardGateway implements CardGateway {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async charge(charge: CardCharge): Promise<CardChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: charge.amount,
          currency: charge.currency.toLowerCase(),
          payment_method: charge.token,
          confirm: true,
          description: charge.description,
          metadata: { payment_id: charge.paymentId },
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: charge.idempotencyKey },
      );
      if (intent.status === 'succeeded') return { status: 'succeeded', reference: intent.id };
      return { status: 'declined', message: 'The payment was not completed.', reference: intent.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'declined', message: error.message, reference: error.payment_intent?.id };
      }
      throw error;
    }
  }
}
