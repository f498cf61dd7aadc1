import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Transactions } from '../../platform/database/transaction-scope.js';
import { MailOutboxService } from '../../platform/mail/mail-outbox.service.js';
import { ACCOUNT_MESSAGES } from '#rules';
import { type EmailChange, normaliseEmail, type User } from '../domain/user.js';
import { AccountService } from './account.service.js';
import { TypeormApiKeyRepository } from '../infrastructure/typeorm-api-key.repository.js';
import { TypeormUserRepository } from '../infrastructure/typeorm-user.repository.js';
import { ConflictError, NotFoundError, RuleBrokenError } from '../../platform/errors/application-errors.js';

/**
 * What an administrator may change on a customer's account (part 2 §6): the e-mail address and API access. The
 * admin module calls it; the role check and the audit are the caller's.
 */
@Injectable()
export class AccountAdministrationService {
  constructor(
    private readonly users: TypeormUserRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountService,
    private readonly mail: MailOutboxService,
    private readonly transactions: Transactions,
    private readonly keys: TypeormApiKeyRepository,
  ) {}

  async customer(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError(ACCOUNT_MESSAGES.customerNotFound);
    return user;
  }

  /**
   * The new address must be confirmed again (a confirmation link goes to it), and the old address is told of the
   * change, so a mistaken or abused change is noticed by the person who owns the mailbox.
   */
  async changeEmail(userId: string, email: string, changedBy: User): Promise<{ email: string; previousEmail: string }> {
    const customer = await this.customer(userId);
    const newEmail = normaliseEmail(email);
    if (newEmail === customer.email) throw new RuleBrokenError(ACCOUNT_MESSAGES.emailUnchanged, { email: [ACCOUNT_MESSAGES.emailUnchanged] });
    // One transaction: a process dying in between must not leave the new address in force while the links mailed to
    // the old one still work (a retry would be refused as no change), nor either mail unsent.
    const previousEmail = await this.transactions.run(async () => {
      const outcome = await this.users.changeEmail(userId, newEmail, changedBy.email, this.clock.now());
      if (outcome === null) throw new NotFoundError(ACCOUNT_MESSAGES.customerNotFound);
      if (outcome === 'taken') throw new ConflictError(ACCOUNT_MESSAGES.emailTaken, { email: [ACCOUNT_MESSAGES.emailTaken] });
      // Links already mailed went to the old address: a reset or confirmation from there must not work any more.
      await this.accounts.revokeMailedLinks(userId);
      await this.mail.send({
        to: outcome.previousEmail,
        subject: 'Your FairDraw e-mail address has changed',
        text: `Hello,\n\nAt your request our support team changed the e-mail address of your FairDraw account from ${outcome.previousEmail} to ${newEmail}. From now on, log in with the new address.\n\nIf you did not ask for this, reply to this e-mail at once.\n\nFairDraw`,
      });
      await this.accounts.sendConfirmation({ ...customer, email: newEmail });
      return outcome.previousEmail;
    });
    // The caller reads the account once its own transaction, if any, has committed this.
    return { email: newEmail, previousEmail };
  }

  async emailHistory(userId: string): Promise<EmailChange[]> {
    await this.customer(userId);
    return this.users.emailHistory(userId);
  }

  /**
   * Switching API access off revokes the customer's keys, so switching it on again revives none (a key that leaked
   * meanwhile stays dead): the customer makes new ones. Answers how many keys were revoked.
   */
  async setApiEnabled(userId: string, apiEnabled: boolean): Promise<{ revokedKeys: number }> {
    await this.customer(userId);
    return this.transactions.run(async () => {
      // The user's row first: a key being made holds it (ApiKeyService.create), so it is committed, and revoked here.
      await this.users.setApiEnabled(userId, apiEnabled);
      return { revokedKeys: apiEnabled ? 0 : await this.keys.revokeAllForUser(userId, this.clock.now()) };
    });
  }
}
