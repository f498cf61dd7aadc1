import { Inject, Injectable } from '@nestjs/common';
import type { CreditBalance } from '../../accounts/application/ports/credit-balance.port.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { type CreditPackKind, type CreditsData, summariseCredits } from '../domain/credit-pack.js';
import { BILLING_MESSAGES } from '../domain/payment.js';
import { addMonths, PURCHASED_CREDITS_VALID_MONTHS } from '../domain/pricing.js';
import { TypeormBillingRepository } from '../infrastructure/typeorm-billing.repository.js';
import { ConflictError, NotFoundError } from '../../platform/errors/application-errors.js';

@Injectable()
export class CreditService implements CreditBalance {
  constructor(
    private readonly billing: TypeormBillingRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  remainingCredits(userId: string): Promise<number> {
    return this.billing.unusedCredits(userId, this.clock.now());
  }

  async creditsData(userId: string): Promise<CreditsData> {
    return summariseCredits(await this.billing.creditPacks(userId), this.clock.now());
  }

  addPack(
    userId: string,
    kind: CreditPackKind,
    credits: number,
    expiryDate: Date,
    note?: string,
    options?: { updateAllExpiries?: boolean; grantKey?: string },
  ): Promise<{ packId: string; granted: boolean }> {
    return this.billing.addPack({ userId, kind, credits, expiryDate, note }, this.clock.now(), options);
  }

  /** An administrator's correction: a pack goes only while none of its credits has been spent (409 otherwise). */
  async deleteUnusedPack(userId: string, packId: string): Promise<void> {
    const outcome = await this.billing.deleteUnusedPack(userId, packId);
    if (outcome === 'missing') throw new NotFoundError(BILLING_MESSAGES.packNotFound);
    if (outcome === 'redeemed') throw new ConflictError(BILLING_MESSAGES.packRedeemed);
  }

  /** Spends one credit for `redeemedFor` (a draw id); 409 when none is left. */
  async redeem(userId: string, redeemedFor: string): Promise<string> {
    const credit = await this.billing.redeemCredit(userId, redeemedFor, this.clock.now());
    if (!credit) throw new ConflictError(BILLING_MESSAGES.noCredits);
    return credit;
  }

  /** A cancelled prepaid draw gives its credit back, as a refund pack of one (once: keyed by the draw). */
  async refundFor(userId: string, redeemedFor: string): Promise<boolean> {
    return this.billing.refundRedeemedCredit(userId, redeemedFor, addMonths(this.clock.now(), PURCHASED_CREDITS_VALID_MONTHS), this.clock.now());
  }
}
