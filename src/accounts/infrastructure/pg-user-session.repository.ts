import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { currentManager } from '../../platform/database/transaction-scope.js';

/** Sessions live in the `session` table of connect-pg-simple; passport keeps the user id at sess.passport.user. */
@Injectable()
export class PgUserSessionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Ends every session of the user (after a password reset), except the one given. */
  async destroyAllFor(userId: string, exceptSessionId?: string): Promise<void> {
    // In the surrounding transaction, if any: the sessions end exactly when the new password is set.
    await currentManager(this.dataSource).query(`DELETE FROM session WHERE sess -> 'passport' ->> 'user' = $1 AND sid IS DISTINCT FROM $2`, [userId, exceptSessionId ?? null]);
  }
}
