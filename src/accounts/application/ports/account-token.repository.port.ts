import type { AccountTokenPurpose } from '../../domain/account-token.js';

export interface AccountTokenRepository {
  create(token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date }): Promise<void>;
  /** Marks the token used and answers its user, atomically; null when unknown, used or expired. */
  consume(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<string | null>;
  /** Ends every unused link of the user (of one purpose, when given): they were mailed under what no longer holds. */
  revokeAll(userId: string, now: Date, purpose?: AccountTokenPurpose): Promise<void>;
}
