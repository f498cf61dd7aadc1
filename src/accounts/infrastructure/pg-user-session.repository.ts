import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Sessions live in the `session` table of connect-pg-simple; passport keeps the user id at sess.passport.user. */
@Injectable()
export class PgUserSessionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Ends every session of the user (after a password reset), except the one given. */
  async destroyAllFor(userId: string, exceptSessionId?: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM session WHERE sess -> 'passport' ->> 'user' = $1 AND sid IS DISTINCT FROM $2`, [userId, exceptSessionId ?? null]);
  }
}
