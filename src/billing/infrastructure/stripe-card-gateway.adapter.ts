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

const NOT_COMPLETED = 'The payment was not completed.';

/**
 * A PaymentIntent's status as our charge result (docs.stripe.com/payments/paymentintents/lifecycle): `succeeded`;
 * `processing` (settled later by webhook); `requires_action` (3-D Secure: the checkout handles its next action);
 * `requires_payment_method` after a failed attempt or authentication, and `canceled`, are declines with Stripe's message.
 */
function chargeResultOf(intent: Stripe.PaymentIntent): CardChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: intent.id };
    case 'processing':
      return { status: 'processing', reference: intent.id };
    case 'requires_action':
    case 'requires_confirmation':
      return intent.client_secret ? { status: 'requires_action', reference: intent.id, clientSecret: intent.client_secret } : { status: 'processing', reference: intent.id };
    default:
      return { status: 'declined', message: intent.last_payment_error?.message ?? NOT_COMPLETED, reference: intent.id };
  }
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
          // 3-D Secure runs in Stripe.js's frame (handleNextAction): no redirect to come back from.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: charge.idempotencyKey },
      );
      return chargeResultOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'declined', message: error.message, reference: error.payment_intent?.id };
      }
      throw error;
    }
  }

  async status(reference: string): Promise<CardChargeResult> {
    return chargeResultOf(await this.stripe.paymentIntents.retrieve(reference));
  }
}
