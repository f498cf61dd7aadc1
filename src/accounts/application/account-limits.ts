import { Injectable } from '@nestjs/common';
import { RateLimitService, type RateLimitPolicy } from '../../platform/rate-limit/rate-limit.service.js';

/** A few failed logins, after which a login must pass the human check (per account, and per address). */
export const HUMAN_CHECK_AFTER_FAILED_LOGINS = 3;

/** The thresholds and the lockout policy are recorded in docs/decisions.md ("Accounts", "Hardening (issue 24): lockouts"). */
@Injectable()
export class AccountLimits {
  /** Counted, never refused: the owner must not be locked out by others' guesses; past a few, the human check is asked. */
  readonly failedLoginsPerAccount: RateLimitPolicy;
  /** Past a few, the human check is asked; the ceiling refuses credential stuffing from one address. */
  readonly failedLoginsPerAddress: RateLimitPolicy;
  /** Guessing one account from one address, each guess with a solved human check, stops here (for that pair only). */
  readonly failedLoginsPerAccountAndAddress: RateLimitPolicy;
  readonly registrationsPerAddress: RateLimitPolicy;
  readonly passwordResetsPerAddress: RateLimitPolicy;
  readonly passwordResetsPerAccount: RateLimitPolicy;
  readonly emailChecksPerAddress: RateLimitPolicy;

  constructor(limits: RateLimitService) {
    const wait = 'Too many attempts. Please try again in {seconds} seconds.';
    this.failedLoginsPerAccount = limits.policy({ name: 'login-account', points: Number.MAX_SAFE_INTEGER, windowSeconds: 3600, message: wait });
    this.failedLoginsPerAddress = limits.policy({ name: 'login-address', points: 300, windowSeconds: 3600, message: wait });
    this.failedLoginsPerAccountAndAddress = limits.policy({ name: 'login-account-address', points: 20, windowSeconds: 3600, message: wait });
    this.registrationsPerAddress = limits.policy({ name: 'register-address', points: 20, windowSeconds: 3600, message: wait });
    this.passwordResetsPerAddress = limits.policy({ name: 'reset-address', points: 20, windowSeconds: 3600, message: wait });
    this.passwordResetsPerAccount = limits.policy({ name: 'reset-account', points: 5, windowSeconds: 3600, message: wait });
    this.emailChecksPerAddress = limits.policy({ name: 'check-address', points: 120, windowSeconds: 3600, message: wait });
  }
}
