import { BadRequestException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AccountService } from '../../accounts/application/account.service.js';
import type { User } from '../../accounts/domain/user.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { UUID_PATTERN } from '../../platform/http/patterns.js';
import { BILLING_REPOSITORY } from '../billing.tokens.js';
import type { CreditPackKind } from '../domain/credit-pack.js';
import { BILLING_MESSAGES, type Payment, paidForOf, type WalletPurpose } from '../domain/payment.js';
import { addMonths, type Currency, type PaidOption, PaymentOption, PURCHASED_CREDITS_VALID_MONTHS, PURCHASES, purchaseOf } from '../domain/pricing.js';
import type { BillingRepository } from './ports/billing.repository.port.js';
import { CARD_GATEWAY, type CardGateway } from './ports/card-gateway.port.js';
import { WALLET_GATEWAY, type WalletGateway } from './ports/wallet-gateway.port.js';
import { PriceService } from './price.service.js';

const PACK_KIND: Record<PaidOption, CreditPackKind> = {
  [PaymentOption.Single]: 'single',
  [PaymentOption.TenPack]: 'ten',
  [PaymentOption.HundredPack]: 'hundred',
};

export interface PurchaseResult {
  payment: Payment;
  /** False when this request found the purchase done already (a retry): nothing was charged or credited twice. */
  newlyFulfilled: boolean;
}

/** Declined card or wallet: 402 with the provider's message, and nothing charged or credited. */
export class PaymentDeclinedException extends HttpException {
  constructor(message: string) {
    super({ message }, HttpStatus.PAYMENT_REQUIRED);
  }
}

/**
 * Every payment is recorded (pending) before money moves, settled with the provider's answer, then fulfilled
 * (credits + invoice) exactly once. A crash in between leaves a record that the retry, or the provider's webhook,
 * completes; an idempotency key makes retries charge once.
 */
@Injectable()
export class PaymentService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(BILLING_REPOSITORY) private readonly billing: BillingRepository,
    @Inject(CARD_GATEWAY) private readonly card: CardGateway,
    @Inject(WALLET_GATEWAY) private readonly wallet: WalletGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly prices: PriceService,
    private readonly accounts: AccountService,
  ) {}

  async payByCard(user: User, option: PaidOption, currency: Currency, token: string, idempotencyKey: string): Promise<PurchaseResult> {
    const purchase = purchaseOf(option, await this.prices.pricesFor(currency));
    const payment = await this.billing.recordPayment({
      userId: user.id,
      paymentOption: option,
      currency,
      amount: purchase.amount,
      method: 'card',
      gateway: this.card.name,
      idempotencyKey: `${user.id}:${idempotencyKey}`,
    });
    if (payment.userId !== user.id || payment.paymentOption !== option || payment.currency !== currency) {
      throw new BadRequestException({ message: 'This payment request was already used for another purchase.' });
    }
    if (payment.status === 'pending') {
      const result = await this.card.charge({ amount: payment.amount, currency, token, idempotencyKey: payment.id, paymentId: payment.id, description: purchase.description });
      if (result.status === 'succeeded') await this.billing.settlePayment(payment.id, 'succeeded', this.clock.now(), { reference: result.reference });
      else await this.billing.settlePayment(payment.id, 'declined', this.clock.now(), { reference: result.reference, declineMessage: result.message });
    }
    return this.finish(payment.id);
  }

  /** Starts a wallet payment at the server's price; answers the provider's payment id for the approval step. */
  async createWalletPayment(user: User, option: PaidOption, currency: Currency): Promise<string> {
    const purchase = purchaseOf(option, await this.prices.pricesFor(currency));
    const payment = await this.billing.recordPayment({
      userId: user.id,
      paymentOption: option,
      currency,
      amount: purchase.amount,
      method: 'wallet',
      gateway: this.wallet.name,
      idempotencyKey: `wallet:${randomUUID()}`,
    });
    const providerId = await this.wallet.createPayment({ amount: payment.amount, currency, description: purchase.description, idempotencyKey: payment.id });
    await this.billing.setGatewayReference(payment.id, providerId);
    return providerId;
  }

  /**
   * Executes the approved wallet payment (once) and fulfils it. Only its own payer's account may do so, and only for
   * what it first paid for: the same payment sent again for another draw, or for credits after a draw, is refused
   * (it would otherwise be found fulfilled, and the draw paid by a credit the customer already held).
   */
  async executeWalletPayment(user: User, providerPaymentId: string, payerId: string, purpose: WalletPurpose, field = 'paymentID'): Promise<PurchaseResult> {
    const payment = await this.billing.findPaymentByReference(this.wallet.name, providerPaymentId);
    if (!payment || payment.userId !== user.id) throw new NotFoundException({ message: 'Payment not found.' });
    const paidFor = paidForOf(purpose);
    const used = () => new BadRequestException({ message: BILLING_MESSAGES.walletUsed, modelState: { [field]: [BILLING_MESSAGES.walletUsed] } });
    if (payment.paidFor && payment.paidFor !== paidFor) throw used();
    if (payment.status === 'pending') {
      try {
        const result = await this.wallet.executePayment(providerPaymentId, payerId);
        if (result.status === 'succeeded') await this.billing.settlePayment(payment.id, 'succeeded', this.clock.now(), {});
        else await this.billing.settlePayment(payment.id, 'declined', this.clock.now(), { declineMessage: result.message });
      } catch (error) {
        this.logger.error(`Wallet payment ${payment.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new PaymentDeclinedException(BILLING_MESSAGES.walletFailure);
      }
    }
    // Bound once it has paid (a declined or failed one paid for nothing): of two requests racing with one payment id,
    // one binds it and the other is refused before its fulfilment could pay for anything.
    const settled = await this.billing.findPayment(payment.id);
    if (settled?.status === 'succeeded' && !(await this.billing.bindPayment(payment.id, paidFor))) throw used();
    return this.finish(payment.id);
  }

  /**
   * The card provider's word that a payment succeeded (Stripe's webhook): settles and fulfils it if still open. A
   * payment whose charge answer never came (a timeout, a crash) has no reference yet: it is found by the payment id
   * sent with the charge, if it is this provider's card payment still pending.
   */
  async confirmCardPayment(reference: string, paymentId?: string): Promise<boolean> {
    let payment = await this.billing.findPaymentByReference(this.card.name, reference);
    if (!payment && paymentId && UUID_PATTERN.test(paymentId)) {
      const pending = await this.billing.findPayment(paymentId);
      if (pending && pending.method === 'card' && pending.gateway === this.card.name && pending.status === 'pending' && !pending.gatewayReference) {
        await this.billing.setGatewayReference(pending.id, reference);
        payment = pending;
      }
    }
    if (!payment) return false;
    await this.billing.settlePayment(payment.id, 'succeeded', this.clock.now(), {});
    return (await this.finish(payment.id)).newlyFulfilled;
  }

  private async finish(paymentId: string): Promise<PurchaseResult> {
    const payment = await this.billing.findPayment(paymentId);
    if (!payment) throw new NotFoundException({ message: 'Payment not found.' });
    if (payment.status === 'declined' || payment.status === 'failed') {
      throw new PaymentDeclinedException(payment.declineMessage ?? BILLING_MESSAGES.declinedFallback);
    }
    if (payment.status !== 'succeeded' || !payment.userId) return { payment, newlyFulfilled: false };
    const user = await this.accounts.getUser(payment.userId);
    if (!user) return { payment, newlyFulfilled: false };
    const purchase = PURCHASES[payment.paymentOption as PaidOption];
    const newlyFulfilled = await this.billing.fulfil(
      payment.id,
      {
        userId: user.id,
        packKind: PACK_KIND[payment.paymentOption as PaidOption],
        credits: purchase.credits,
        expiryDate: addMonths(this.clock.now(), PURCHASED_CREDITS_VALID_MONTHS),
        invoice: {
          description: purchase.description,
          customerName: `${user.firstName} ${user.lastName}`,
          customerEmail: user.email,
          customerAddress: { ...user.address },
        },
      },
      this.clock.now(),
    );
    return { payment: (await this.billing.findPayment(paymentId))!, newlyFulfilled };
  }
}
