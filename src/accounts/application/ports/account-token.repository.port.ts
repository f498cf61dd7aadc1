import type { AccountTokenPurpose } from '../../domain/account-token.js';

export interface AccountTokenRepository {
  create(token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date }): Promise<void>;
  /** Marks the token used and answers its user, atomically; null when unknown, used or expired. */
  consume(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<string | null>;
}
