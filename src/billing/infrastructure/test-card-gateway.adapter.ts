import { createHash } from 'node:crypto';
import type { CardCharge, CardChargeResult, CardGateway } from '../application/ports/card-gateway.port.js';

/**
 * The built-in test gateway: the test tokens of Stripe's documentation succeed or decline as Stripe's do, and
 * no money moves. The test checkout form turns Stripe's test card numbers into these tokens.
 */
const TEST_CARD_OUTCOMES: Record<string, CardChargeResult['status'] | string> = {
  tok_visa: 'succeeded',
  tok_mastercard: 'succeeded',
  tok_amex: 'succeeded',
  tok_chargeDeclined: 'Your card was declined.',
  tok_chargeDeclinedInsufficientFunds: 'Your card has insufficient funds.',
  tok_chargeDeclinedExpiredCard: 'Your card has expired.',
  tok_chargeDeclinedIncorrectCvc: "Your card's security code is incorrect.",
  tok_chargeDeclinedProcessingError: 'An error occurred while processing your card. Try again in a little bit.',
};

export class TestCardGateway implements CardGateway {
  readonly name = 'test' as const;

  async charge(charge: CardCharge): Promise<CardChargeResult> {
    // The same idempotency key always names the same charge, as with Stripe.
    const reference = 'test_ch_' + createHash('sha256').update(charge.idempotencyKey).digest('hex').slice(0, 24);
    const outcome = TEST_CARD_OUTCOMES[charge.token];
    if (outcome === 'succeeded') return { status: 'succeeded', reference };
    return { status: 'declined', message: outcome ?? 'Your card was declined.', reference };
  }

  /** Test charges settle at once; a payment left pending (a crash before the answer) has nothing more to wait for. */
  async status(reference: string): Promise<CardChargeResult> {
    return { status: 'declined', message: 'The payment was not completed.', reference };
  }
}
