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
    if (event.type === 'payment_intent.succeeded') await this.payments.confirmCardPayment(event.data.object.id, event.data.object.metadata?.payment_id);
    return { received: true };
  }
}
