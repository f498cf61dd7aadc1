import { Injectable } from '@nestjs/common';
import { RateLimitService, type RateLimitPolicy } from '../../platform/rate-limit/rate-limit.service.js';

/** The thresholds are recorded in docs/decisions.md ("Accounts"). */
@Injectable()
export class AccountLimits {
  readonly failedLoginsPerAccount: RateLimitPolicy;
  readonly failedLoginsPerAddress: RateLimitPolicy;
  readonly registrationsPerAddress: RateLimitPolicy;
  readonly passwordResetsPerAddress: RateLimitPolicy;
  readonly passwordResetsPerAccount: RateLimitPolicy;
  readonly emailChecksPerAddress: RateLimitPolicy;

  constructor(limits: RateLimitService) {
    const wait = 'Too many attempts. Please try again in {seconds} seconds.';
    this.failedLoginsPerAccount = limits.policy({ name: 'login-account', points: 100, windowSeconds: 3600, message: wait });
    this.failedLoginsPerAddress = limits.policy({ name: 'login-address', points: 300, windowSeconds: 3600, message: wait });
    this.registrationsPerAddress = limits.policy({ name: 'register-address', points: 20, windowSeconds: 3600, message: wait });
    this.passwordResetsPerAddress = limits.policy({ name: 'reset-address', points: 20, windowSeconds: 3600, message: wait });
    this.passwordResetsPerAccount = limits.policy({ name: 'reset-account', points: 5, windowSeconds: 3600, message: wait });
    this.emailChecksPerAddress = limits.policy({ name: 'check-address', points: 120, windowSeconds: 3600, message: wait });
  }
}
