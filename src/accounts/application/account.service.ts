import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Transactions } from '../../platform/database/transaction-scope.js';
import { MailOutboxService } from '../../platform/mail/mail-outbox.service.js';
import { generateAccountToken, hashAccountToken } from '../domain/account-token.js';
import { loadPasswordPolicy, passwordProblem } from '#password-policy';
import { ACCOUNT_MESSAGES } from '#rules';
import { EMAIL_CONFIRMATION_TTL_MS, PASSWORD_RESET_TTL_MS } from '../domain/account-rules.js';
import { normaliseEmail, type ProfileChanges, type User } from '../domain/user.js';
import { AccountLimits, HUMAN_CHECK_AFTER_FAILED_LOGINS } from './account-limits.js';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from './password-hasher.js';
import { TypeormAccountTokenRepository } from '../infrastructure/typeorm-account-token.repository.js';
import { TypeormUserRepository } from '../infrastructure/typeorm-user.repository.js';
import { PgUserSessionRepository } from '../infrastructure/pg-user-session.repository.js';
import { ConflictError, NotSignedInError, RuleBrokenError } from '../../platform/errors/application-errors.js';

export interface RegistrationInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  isAgent: boolean;
  agentOrganisation?: string | null;
  optedIntoCommunication: boolean;
}

/** The profile's changes, and the password's when the user changes it too. */
export interface ProfileUpdate extends ProfileChanges {
  currentPassword?: string;
  newPassword?: string;
}

@Injectable()
export class AccountService {
  constructor(
    private readonly users: TypeormUserRepository,
    private readonly tokens: TypeormAccountTokenRepository,
    private readonly sessions: PgUserSessionRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly limits: AccountLimits,
    private readonly mail: MailOutboxService,
    private readonly config: ConfigService<Environment, true>,
    private readonly transactions: Transactions,
  ) {}

  getUser(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  /**
   * The user a session names: as read in the session's own statement when it was (row: null for a user who no longer
   * exists), else from the database now.
   */
  sessionUser(id: string, row: Record<string, unknown> | null | undefined): Promise<User | null> {
    if (row === undefined) return this.users.findById(id);
    return Promise.resolve(row && this.users.fromRow(row));
  }

  async emailExists(email: string, address: string): Promise<boolean> {
    await this.limits.emailChecksPerAddress.consume(address);
    return (await this.users.findByEmail(normaliseEmail(email))) !== null;
  }

  /** Creates the account and sends the confirmation link; the e-mail stays unconfirmed until it is followed. */
  async register(input: RegistrationInput, address: string): Promise<User> {
    await this.limits.registrationsPerAddress.consume(address);
    const passwordHash = await hashPassword(input.password);
    // One transaction with its confirmation link: an account made without it (the process dying in between) would
    // never be mailed one, and registering again is refused as "Already registered."
    return this.transactions.run(async () => {
      const user = await this.users.create({
        email: normaliseEmail(input.email),
        passwordHash,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        isAgent: input.isAgent,
        agentOrganisation: input.isAgent ? (input.agentOrganisation?.trim() ?? null) : null,
        optedIntoCommunication: input.optedIntoCommunication,
      });
      if (!user) throw new ConflictError(ACCOUNT_MESSAGES.alreadyRegistered, { email: [ACCOUNT_MESSAGES.alreadyRegistered] });
      await this.sendConfirmation(user);
      return user;
    });
  }

  /**
   * Whether a login must pass the human check: once the account, from any address, or the address, for any account,
   * has failed a few times this hour. Asking for the check instead of refusing keeps the owner able to sign in while
   * others guess at the account.
   */
  async loginNeedsHumanCheck(email: string, address: string): Promise<boolean> {
    const [forAccount, fromAddress] = await Promise.all([this.limits.failedLoginsPerAccount.attempts(normaliseEmail(email)), this.limits.failedLoginsPerAddress.attempts(address)]);
    return forAccount >= HUMAN_CHECK_AFTER_FAILED_LOGINS || fromAddress >= HUMAN_CHECK_AFTER_FAILED_LOGINS;
  }

  /**
   * The login check. The same answer and the same work (one argon2 verification) whether the e-mail is unknown
   * or the password wrong, so neither the message nor the timing tells which. Refusals (429) are only ever per address,
   * or per account from one address: a flood from elsewhere never locks the owner out.
   */
  async verifyCredentials(email: string, password: string, address: string): Promise<User> {
    const accountKey = normaliseEmail(email);
    const pairKey = `${accountKey} ${address}`;
    // Once a ceiling is reached, every attempt under it is refused (429) before the password is even looked at.
    if (await this.limits.failedLoginsPerAddress.isBlocked(address)) await this.limits.failedLoginsPerAddress.consume(address);
    if (await this.limits.failedLoginsPerAccountAndAddress.isBlocked(pairKey)) await this.limits.failedLoginsPerAccountAndAddress.consume(pairKey);
    const credentials = await this.users.findCredentials(accountKey);
    const valid = await verifyPassword(credentials?.passwordHash ?? UNKNOWN_USER_HASH, password);
    if (!credentials || !valid) {
      await this.limits.failedLoginsPerAccount.count(accountKey);
      await this.limits.failedLoginsPerAccountAndAddress.consume(pairKey);
      await this.limits.failedLoginsPerAddress.consume(address);
      throw new NotSignedInError(ACCOUNT_MESSAGES.wrongCredentials);
    }
    // The address's count stays: a stuffing run must not clear it with one account of its own.
    await this.limits.failedLoginsPerAccount.reset(accountKey);
    await this.limits.failedLoginsPerAccountAndAddress.reset(pairKey);
    return credentials.user;
  }

  /**
   * A new password (the current one given) ends the account's other sessions, keeping the caller's (`sessionId`), and
   * its unused reset links: whoever held the old password or an earlier link is out. The current password is checked
   * as a login's is, from the caller's `address`: counted and capped alike, or a session or an API key could guess it
   * without limit, then take the account over with a new one.
   */
  async updateProfile(userId: string, update: ProfileUpdate, address: string, sessionId?: string): Promise<User> {
    if (update.newPassword !== undefined) {
      const user = await this.requireUser(userId);
      // The request holds no e-mail or names: the account's own are what the new password must not be made of.
      await loadPasswordPolicy();
      const problem = passwordProblem(update.newPassword, [user.email, user.firstName, user.lastName]);
      if (problem) throw new RuleBrokenError(problem, { newPassword: [problem] });
      try {
        await this.verifyCredentials(user.email, update.currentPassword ?? '', address);
      } catch (error) {
        if (!(error instanceof NotSignedInError)) throw error;
        throw new RuleBrokenError(ACCOUNT_MESSAGES.currentPasswordWrong, { currentPassword: [ACCOUNT_MESSAGES.currentPasswordWrong] });
      }
      const passwordHash = await hashPassword(update.newPassword);
      // One transaction: a process dying in between must not leave the new password set and the old sessions alive.
      await this.transactions.run(async () => {
        await this.users.setPasswordHash(userId, passwordHash);
        await this.tokens.revokeAll(userId, this.clock.now(), 'password_reset');
        await this.sessions.destroyAllFor(userId, sessionId);
      });
    }
    const { currentPassword: _current, newPassword: _new, ...profile } = update;
    if (profile.isAgent === false) profile.agentOrganisation = null;
    return this.users.updateProfile(userId, {
      ...profile,
      firstName: profile.firstName?.trim(),
      lastName: profile.lastName?.trim(),
      agentOrganisation: profile.agentOrganisation === undefined ? undefined : (profile.agentOrganisation?.trim() ?? null),
    });
  }

  /**
   * An account for a visitor who ran a draw without one (createAccountAndLinkDraw): no password yet; the e-mail
   * carries a link to choose one. Null when the e-mail already has an account.
   */
  async registerWithoutPassword(email: string, address: string): Promise<User | null> {
    await this.limits.registrationsPerAddress.consume(address);
    const user = await this.users.create({
      email: normaliseEmail(email),
      // Nothing can log in with this: a random secret nobody knows, until the owner sets a password by the link.
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      firstName: '',
      lastName: '',
      isAgent: false,
      agentOrganisation: null,
      optedIntoCommunication: false,
    });
    if (!user) return null;
    const { token, hash } = generateAccountToken();
    await this.tokens.create({ userId: user.id, purpose: 'password_reset', tokenHash: hash, expiresAt: this.after(EMAIL_CONFIRMATION_TTL_MS) });
    await this.mail.send({
      to: user.email,
      subject: 'Your FairDraw account: choose a password',
      text: `Hello,\n\nWe created a FairDraw account for ${user.email} and linked your draw to it. Choose a password within 7 days to log in:\n${this.publicUrl()}/account/resetpassword/${token}/\n\nFairDraw`,
    });
    return user;
  }

  /** Always answers the same, so the form cannot be used to learn which e-mail addresses have accounts. */
  async requestPasswordReset(email: string, address: string): Promise<void> {
    await this.limits.passwordResetsPerAddress.consume(address);
    const user = await this.users.findByEmail(normaliseEmail(email));
    if (!user) return;
    if (await this.limits.passwordResetsPerAccount.isBlocked(user.id)) return;
    await this.limits.passwordResetsPerAccount.consume(user.id);
    const { token, hash } = generateAccountToken();
    await this.tokens.create({ userId: user.id, purpose: 'password_reset', tokenHash: hash, expiresAt: this.after(PASSWORD_RESET_TTL_MS) });
    const link = `${this.publicUrl()}/account/resetpassword/${token}/`;
    await this.mail.send({
      to: user.email,
      subject: 'Reset your FairDraw password',
      text: `Hello,\n\nTo choose a new password, open this link within an hour:\n${link}\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.\n\nFairDraw`,
    });
  }

  /** A reset link works once; the new password ends every session of the account and its other reset links. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    // One transaction: a process dying in between must neither spend the link without setting the password nor set it
    // while the sessions it ends live on (the owner, told the link is spent, could not end them again).
    await this.transactions.run(async () => {
      const userId = await this.tokens.consume(hashAccountToken(token), 'password_reset', this.clock.now());
      if (!userId) throw new RuleBrokenError(ACCOUNT_MESSAGES.resetTokenInvalid, { token: [ACCOUNT_MESSAGES.resetTokenInvalid] });
      await this.users.setPasswordHash(userId, await hashPassword(newPassword));
      await this.tokens.revokeAll(userId, this.clock.now(), 'password_reset');
      // The link reached the mailbox, which proves the address as the confirmation link would.
      await this.users.markEmailConfirmed(userId, this.clock.now());
      await this.sessions.destroyAllFor(userId);
    });
  }

  /** Ends every link mailed to the account so far (its address changed: they went to the old one). */
  async revokeMailedLinks(userId: string): Promise<void> {
    await this.tokens.revokeAll(userId, this.clock.now());
  }

  async confirmEmail(token: string): Promise<boolean> {
    // One transaction: a link spent without confirming (the process dying in between) could not be asked for again.
    return this.transactions.run(async () => {
      const userId = await this.tokens.consume(hashAccountToken(token), 'email_confirmation', this.clock.now());
      if (!userId) return false;
      await this.users.markEmailConfirmed(userId, this.clock.now());
      return true;
    });
  }

  /** Mails a confirmation link for the account's current e-mail (registration, and an address an administrator set). */
  async sendConfirmation(user: User): Promise<void> {
    const { token, hash } = generateAccountToken();
    await this.tokens.create({ userId: user.id, purpose: 'email_confirmation', tokenHash: hash, expiresAt: this.after(EMAIL_CONFIRMATION_TTL_MS) });
    const link = `${this.publicUrl()}/api/account/confirmEmail/?token=${token}`;
    await this.mail.send({
      to: user.email,
      subject: 'Confirm your FairDraw account',
      text: `Hello,\n\nWelcome to FairDraw. Please confirm your e-mail address by opening this link:\n${link}\n\nFairDraw`,
    });
  }

  private async requireUser(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new NotSignedInError('Please log in.');
    return user;
  }

  private after(ms: number): Date {
    return new Date(this.clock.now().getTime() + ms);
  }

  private publicUrl(): string {
    return this.config.get('PUBLIC_URL', { infer: true });
  }
}
