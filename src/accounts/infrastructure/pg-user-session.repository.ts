import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { UserSessionRepository } from '../application/ports/user-session.repository.port.js';

/** Sessions live in the `session` table of connect-pg-simple; passport keeps the user id at sess.passport.user. */
@Injectable()
export class PgUserSessionRepository implements UserSessionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async destroyAllFor(userId: string, exceptSessionId?: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM session WHERE sess -> 'passport' ->> 'user' = $1 AND sid IS DISTINCT FROM $2`, [userId, exceptSessionId ?? null]);
  }
}
