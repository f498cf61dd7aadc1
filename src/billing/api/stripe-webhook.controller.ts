import { BadRequestException, Controller, Headers, HttpCode, Inject, NotFoundException, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { PaymentService } from '../application/payment.service.js';
import { STRIPE_WEBHOOK } from '../billing.tokens.js';

export interface StripeWebhookVerifier {
  verify(payload: Buffer, signature: string): Stripe.Event;
}

/** The PaymentIntent events that settle a payment (docs.stripe.com/payments/payment-intents/verifying-status). */
const SETTLING: Record<string, 'succeeded' | 'failed'> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'failed',
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An event of the shape Stripe documents (docs.stripe.com/api/events/object): a signature vouches for the sender only. */
const isEvent = (event: unknown): boolean => isObject(event) && typeof event.id === 'string' && typeof event.type === 'string' && isObject(event.data);

/**
 * A settling event's PaymentIntent, when it has the shape Stripe documents as far as it is read here. An intent
 * without an id would match any payment (TypeORM drops an undefined condition).
 */
function paymentIntentOf(data: Stripe.Event.Data): Stripe.PaymentIntent | undefined {
  const intent: unknown = data.object;
  if (!isObject(intent) || intent.object !== 'payment_intent' || typeof intent.id !== 'string' || !intent.id) return undefined;
  if (intent.metadata != null && (!isObject(intent.metadata) || !['string', 'undefined'].includes(typeof intent.metadata.payment_id))) return undefined;
  if (intent.last_payment_error != null && (!isObject(intent.last_payment_error) || !['string', 'undefined'].includes(typeof intent.last_payment_error.message))) return undefined;
  return intent as unknown as Stripe.PaymentIntent;
}

/** Stripe's word on a payment: the signature is checked over the raw body; a replayed event changes nothing. */
@ApiExcludeController()
@Controller('api/billing')
export class StripeWebhookController {
  constructor(
    private readonly payments: PaymentService,
    @Inject(STRIPE_WEBHOOK) private readonly verifier: StripeWebhookVerifier | null,
  ) {}

  @Post('stripeWebhook')
  @HttpCode(200)
  async receive(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string): Promise<{ received: true }> {
    if (!this.verifier) throw new NotFoundException({ message: 'Not found.' });
    let event: Stripe.Event;
    try {
      event = this.verifier.verify(request.rawBody ?? Buffer.alloc(0), signature ?? '');
    } catch {
      throw new BadRequestException({ message: 'Invalid signature.' });
    }
    if (!isEvent(event)) throw new BadRequestException({ message: 'Unexpected event.' });
    // Own keys only: an event typed "constructor" would otherwise find Object's and decline a payment.
    const status = Object.hasOwn(SETTLING, event.type) ? SETTLING[event.type] : undefined;
    if (status) {
      const intent = paymentIntentOf(event.data);
      if (!intent) throw new BadRequestException({ message: 'Unexpected event.' });
      // Answered 200 even when unmatched (it is logged for the operator): Stripe would otherwise retry it for days.
      await this.payments.settleFromProvider({
        eventType: event.type,
        eventId: event.id,
        reference: intent.id,
        paymentId: intent.metadata?.payment_id,
        status,
        message: intent.last_payment_error?.message ?? (event.type === 'payment_intent.canceled' ? 'The payment was cancelled.' : undefined),
        amount: intent.amount,
        currency: intent.currency,
      });
    }
    return { received: true };
  }
}
