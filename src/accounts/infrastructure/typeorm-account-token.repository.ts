import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { currentRepository } from '../../platform/database/transaction-scope.js';
import type { AccountTokenPurpose } from '../domain/account-token.js';
import { AccountTokenOrmEntity } from './account-token.orm-entity.js';

@Injectable()
export class TypeormAccountTokenRepository {
  constructor(@InjectRepository(AccountTokenOrmEntity) private readonly tokens: Repository<AccountTokenOrmEntity>) {}

  async create(token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date }): Promise<void> {
    await currentRepository(this.tokens).insert(token);
  }

  /** Marks the token used and answers its user, atomically; null when unknown, used or expired. */
  async consume(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<string | null> {
    // One statement: two requests racing with the same link cannot both succeed. In the surrounding transaction, if
    // any: a link is spent exactly when the password it lets change is.
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows] = (await currentRepository(this.tokens).query(
      `UPDATE account_token SET used_at = $3
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id`,
      [tokenHash, purpose, now],
    )) as [{ user_id: string }[], number];
    return rows[0]?.user_id ?? null;
  }

  /** Ends every unused link of the user (of one purpose, when given): they were mailed under what no longer holds. */
  async revokeAll(userId: string, now: Date, purpose?: AccountTokenPurpose): Promise<void> {
    await currentRepository(this.tokens).query('UPDATE account_token SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL AND ($3::text IS NULL OR purpose = $3)', [userId, now, purpose ?? null]);
  }
}
