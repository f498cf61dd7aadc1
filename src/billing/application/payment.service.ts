import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AccountService } from '../../accounts/application/account.service.js';
import type { User } from '../../accounts/domain/user.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { MailOutboxService } from '../../platform/mail/mail-outbox.service.js';
import { UUID_PATTERN } from '../../platform/http/patterns.js';
import type { CreditPackKind } from '../domain/credit-pack.js';
import { BILLING_MESSAGES, type Payment, paidForOf, type WalletPurpose } from '../domain/payment.js';
import { addMonths, type Currency, type PaidOption, PaymentOption, PURCHASED_CREDITS_VALID_MONTHS, PURCHASES, purchaseOf } from '../domain/pricing.js';
import { TypeormBillingRepository } from '../infrastructure/typeorm-billing.repository.js';
import { CARD_GATEWAY, type CardChargeResult, type CardGateway } from './ports/card-gateway.port.js';
import { WALLET_GATEWAY, type WalletExecution, type WalletGateway } from './ports/wallet-gateway.port.js';
import { PriceService } from './price.service.js';
import { ConflictError, NotFoundError, PaymentRequiredError, RuleBrokenError } from '../../platform/errors/application-errors.js';
import { mayAct, OWNERSHIP, userCaller } from '../../platform/ownership/ownership.js';
import type { PaymentChoice } from '../domain/payment-choice.js';

/** A payment that succeeded is fulfilled by its own request at once; one still unfulfilled after this was left behind. */
const UNFULFILLED_GRACE_MS = 10 * 60_000;
/**
 * PayPal's approval of a payment lapses after three hours, so a wallet payment older than this can no longer have been
 * executed: the sweep stops asking about it (each abandoned checkout is asked about four times at most, not for days).
 */
const WALLET_EXECUTABLE_MS = 4 * 3_600_000;

const PACK_KIND: Record<PaidOption, CreditPackKind> = {
  [PaymentOption.Single]: 'single',
  [PaymentOption.TenPack]: 'ten',
  [PaymentOption.HundredPack]: 'hundred',
};

/** A card provider's final word on a charge (a webhook event, or the sweep's question). */
export interface ProviderOutcome {
  eventType: string;
  eventId: string;
  /** The provider's charge id (Stripe's PaymentIntent id). */
  reference: string;
  /** Our payment id, sent with the charge as metadata. */
  paymentId?: string;
  status: 'succeeded' | 'failed';
  message?: string;
  amount?: number;
  currency?: string;
}

export interface PurchaseResult {
  payment: Payment;
  /** False when this request found the purchase done already (a retry): nothing was charged or credited twice. */
  newlyFulfilled: boolean;
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
    private readonly billing: TypeormBillingRepository,
    @Inject(CARD_GATEWAY) private readonly card: CardGateway,
    @Inject(WALLET_GATEWAY) private readonly wallet: WalletGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly prices: PriceService,
    private readonly accounts: AccountService,
    private readonly mail: MailOutboxService,
  ) {}

  /** Pays with the customer's choice: the card is charged under `idempotencyKey`, a wallet payment executed for `purpose`. */
  payWith(choice: PaymentChoice, user: User, purchase: { option: PaidOption; currency: Currency; idempotencyKey: string; purpose: WalletPurpose }): Promise<PurchaseResult> {
    return choice.method === 'wallet'
      ? this.executeWalletPayment(user, choice.paymentId, choice.payerId, purchase.purpose)
      : this.payByCard(user, purchase.option, purchase.currency, choice.token, purchase.idempotencyKey);
  }

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
      throw new RuleBrokenError('This payment request was already used for another purchase.');
    }
    let result: CardChargeResult | null = null;
    if (payment.status === 'pending') {
      // A PaymentIntent made already (the same submission again after 3-D Secure, or after "processing"): ask where it
      // stands rather than charge anew.
      result = payment.gatewayReference
        ? await this.card.status(payment.gatewayReference)
        : await this.card.charge({ amount: payment.amount, currency, token, idempotencyKey: payment.id, paymentId: payment.id, description: purchase.description });
      await this.settleCardPayment(payment.id, result);
    }
    const finished = await this.finish(payment.id);
    if (finished.payment.status === 'pending') {
      if (result?.status === 'requires_action') throw new PaymentRequiredError(BILLING_MESSAGES.actionRequired, result.clientSecret);
      throw new ConflictError(BILLING_MESSAGES.processing);
    }
    return finished;
  }

  /** Records a charge's answer: settled when final; a pending one keeps its PaymentIntent id for the webhook, the sweep and the retry. */
  private async settleCardPayment(paymentId: string, result: CardChargeResult): Promise<void> {
    const at = this.clock.now();
    if (result.status === 'succeeded') await this.billing.settlePayment(paymentId, 'succeeded', at, { reference: result.reference });
    else if (result.status === 'declined') await this.billing.settlePayment(paymentId, 'declined', at, { reference: result.reference, declineMessage: result.message });
    else await this.billing.setGatewayReference(paymentId, result.reference);
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
    if (!payment || !mayAct(userCaller(user), { ownerUserId: payment.userId }, OWNERSHIP.account)) throw new NotFoundError('Payment not found.');
    const paidFor = paidForOf(purpose);
    const used = () => new RuleBrokenError(BILLING_MESSAGES.walletUsed, { [field]: [BILLING_MESSAGES.walletUsed] });
    if (payment.paidFor && payment.paidFor !== paidFor) throw used();
    if (payment.status === 'pending') {
      try {
        await this.settleWalletPayment(payment.id, await this.wallet.executePayment(providerPaymentId, payerId));
      } catch (error) {
        this.logger.error(`Wallet payment ${payment.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new PaymentRequiredError(BILLING_MESSAGES.walletFailure);
      }
    }
    // Bound once it has paid (a declined or failed one paid for nothing): of two requests racing with one payment id,
    // one binds it and the other is refused before its fulfilment could pay for anything.
    const settled = await this.billing.findPayment(payment.id);
    if (settled?.status === 'succeeded' && !(await this.billing.bindPayment(payment.id, paidFor))) throw used();
    return this.finish(payment.id);
  }

  /**
   * The card provider's word on a payment (Stripe's webhook): a success settles and fulfils it if still open, a failure
   * or cancellation declines it; either is final whether it comes before or after the request's own answer, and a
   * replay changes nothing. A payment whose charge answer never came (a timeout, a crash) has no reference yet: it
   * is found by the payment id sent with the charge, if it is this provider's card payment still pending. A payment
   * that was still pending when the request answered is settled "later": the customer is e-mailed. A charge matching
   * no payment is logged for the operator (docs/decisions.md "Payments (issue 25)").
   */
  async settleFromProvider(outcome: ProviderOutcome): Promise<'settled' | 'replayed' | 'unmatched'> {
    let payment = await this.billing.findPaymentByReference(this.card.name, outcome.reference);
    if (!payment && outcome.paymentId && UUID_PATTERN.test(outcome.paymentId)) {
      const pending = await this.billing.findPayment(outcome.paymentId);
      if (pending && pending.method === 'card' && pending.gateway === this.card.name && pending.status === 'pending' && !pending.gatewayReference) {
        await this.billing.setGatewayReference(pending.id, outcome.reference);
        payment = pending;
      }
    }
    if (!payment) {
      this.logger.error(
        `Unmatched card charge: ${outcome.eventType} for ${outcome.reference} (${outcome.amount ?? '?'} ${outcome.currency ?? '?'}, event ${outcome.eventId}) matches no payment; check it in the Stripe dashboard and refund it if it is no customer's purchase`,
      );
      return 'unmatched';
    }
    const at = this.clock.now();
    const answered = payment.status === 'pending' && payment.gatewayReference !== null;
    const settled =
      outcome.status === 'succeeded'
        ? await this.billing.settlePayment(payment.id, 'succeeded', at, {})
        : await this.billing.settlePayment(payment.id, 'declined', at, { declineMessage: outcome.message ?? BILLING_MESSAGES.declinedFallback });
    if (!settled) {
      const current = await this.billing.findPayment(payment.id);
      if (outcome.status === 'succeeded' && current && current.status !== 'succeeded') {
        // Stripe took the money for a payment we had given up on (declined or swept): the operator refunds or fulfils it.
        this.logger.error(`Card charge ${outcome.reference} succeeded for payment ${payment.id}, which is ${current.status}: refund it or fulfil it by hand`);
      }
    }
    if (outcome.status === 'succeeded') {
      // A payment we declined or swept answers its decline (logged above). Any other failure to fulfil is thrown: the
      // webhook then answers an error and Stripe sends the event again, where a 200 would leave the payment unfulfilled.
      const { newlyFulfilled } = await this.finish(payment.id).catch((error: unknown) => {
        if (error instanceof PaymentRequiredError) return { newlyFulfilled: false };
        throw error;
      });
      if (newlyFulfilled && answered) await this.tellCustomer(payment, 'succeeded');
    } else if (settled && answered) {
      await this.tellCustomer(payment, 'declined', outcome.message);
    }
    return settled ? 'settled' : 'replayed';
  }

  /**
   * Card payments left pending longer than PENDING_PAYMENT_SWEEP_HOURS: asked once more where they stand, settled by that
   * answer, or marked failed and reported (logged for the operator, the customer e-mailed). Then payments that succeeded
   * more than UNFULFILLED_GRACE_MS ago without being fulfilled are fulfilled. Answers how many pending ones were swept.
   */
  async sweepPendingPayments(olderThanHours: number): Promise<number> {
    const before = new Date(this.clock.now().getTime() - olderThanHours * 3_600_000);
    let swept = 0;
    for (const payment of await this.billing.pendingCardPayments(this.card.name, before)) {
      let result: CardChargeResult | null = null;
      try {
        result = payment.gatewayReference ? await this.card.status(payment.gatewayReference) : null;
      } catch (error) {
        this.logger.warn(`Asking where payment ${payment.id} stands failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (result?.status === 'succeeded' || result?.status === 'declined') {
        try {
          await this.settleFromProvider({
            eventType: 'sweep',
            eventId: 'sweep',
            reference: result.reference!,
            paymentId: payment.id,
            status: result.status === 'succeeded' ? 'succeeded' : 'failed',
            message: result.status === 'declined' ? result.message : undefined,
          });
        } catch (error) {
          // The other payments are still swept; this one is the operator's, as no event will come for it any more.
          this.logger.error(
            `Payment ${payment.id} (${result.reference}) ${result.status} at the provider but could not be settled: ${error instanceof Error ? error.message : String(error)}; fulfil it by hand`,
          );
        }
        continue;
      }
      if (await this.billing.settlePayment(payment.id, 'failed', this.clock.now(), { declineMessage: BILLING_MESSAGES.neverSettled })) {
        swept++;
        this.logger.error(
          `Pending payment ${payment.id} (${payment.gatewayReference ?? 'no PaymentIntent'}) did not settle within ${olderThanHours} hours: marked failed; check it in the Stripe dashboard`,
        );
        await this.tellCustomer(payment, 'declined', BILLING_MESSAGES.neverSettled);
      }
    }
    // Wallet payments whose execution's answer never came (a timeout, a dropped connection): the customer was shown the
    // wallet failure, and the provider may have taken the money. Asked while the payment can still have been executed.
    const walletAfter = new Date(this.clock.now().getTime() - WALLET_EXECUTABLE_MS);
    for (const payment of await this.billing.pendingWalletPayments(this.wallet.name, walletAfter, new Date(this.clock.now().getTime() - UNFULFILLED_GRACE_MS))) {
      try {
        const result = await this.wallet.status(payment.gatewayReference!);
        if (result.status === 'pending') continue;
        await this.settleWalletPayment(payment.id, result);
        if (result.status === 'succeeded' && (await this.finish(payment.id)).newlyFulfilled) await this.tellCustomer(payment, 'succeeded');
      } catch (error) {
        this.logger.error(`Asking where wallet payment ${payment.id} stands failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // Money taken, credits never added: the request failed after the payment settled (a crash, a database error) and
    // no one sent it again; a wallet payment has no webhook to do it either.
    for (const payment of await this.billing.unfulfilledPayments(new Date(this.clock.now().getTime() - UNFULFILLED_GRACE_MS))) {
      try {
        if ((await this.finish(payment.id)).newlyFulfilled) this.logger.warn(`Payment ${payment.id} had succeeded without its credits and invoice: fulfilled now`);
      } catch (error) {
        this.logger.error(`Payment ${payment.id} succeeded but could not be fulfilled: ${error instanceof Error ? error.message : String(error)}; fulfil it by hand`);
      }
    }
    return swept;
  }

  private async tellCustomer(payment: Payment, status: 'succeeded' | 'declined', message?: string): Promise<void> {
    const user = payment.userId ? await this.accounts.getUser(payment.userId) : null;
    if (!user) return;
    const purchase = PURCHASES[payment.paymentOption as PaidOption];
    // 'Hello,' as in the account mails: the address may be unconfirmed (anyone can register any address and leave a
    // payment for the sweep to decline), so the typed first name would be the registrant's words sent to a stranger.
    const text =
      status === 'succeeded'
        ? `Hello,\n\nyour payment for "${purchase.description}" has gone through. The credits are on your account now: each pays for one draw.\n\nFairDraw`
        : `Hello,\n\nyour payment for "${purchase.description}" did not go through: ${message ?? BILLING_MESSAGES.declinedFallback}\nNothing was charged and no draw was made. You can try again with another card or with PayPal.\n\nFairDraw`;
    await this.mail.send({ to: user.email, subject: status === 'succeeded' ? 'Your FairDraw payment went through' : 'Your FairDraw payment did not go through', text });
  }

  /** A wallet payment still pending, settled as its execution came out (by its request, or by the sweep's question). */
  private async settleWalletPayment(paymentId: string, result: WalletExecution): Promise<void> {
    if (result.status === 'succeeded') await this.billing.settlePayment(paymentId, 'succeeded', this.clock.now(), {});
    else await this.billing.settlePayment(paymentId, 'declined', this.clock.now(), { declineMessage: result.message });
  }

  private async finish(paymentId: string): Promise<PurchaseResult> {
    const payment = await this.billing.findPayment(paymentId);
    if (!payment) throw new NotFoundError('Payment not found.');
    if (payment.status === 'declined' || payment.status === 'failed') {
      throw new PaymentRequiredError(payment.declineMessage ?? BILLING_MESSAGES.declinedFallback);
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
