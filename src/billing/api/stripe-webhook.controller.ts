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
    const status = SETTLING[event.type];
    if (status) {
      const intent = event.data.object as Stripe.PaymentIntent;
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
