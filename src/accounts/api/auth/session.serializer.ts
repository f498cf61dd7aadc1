import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { takeSessionUserRow } from '../../../platform/http/sessions.js';
import { AccountService } from '../../application/account.service.js';
import type { User } from '../../domain/user.js';

/**
 * The session keeps only the user id; the user is read afresh on each request, in the session's own statement
 * (src/platform/http/sessions.ts), so a role change applies at once.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly accounts: AccountService) {
    super();
  }

  serializeUser(user: User, done: (error: unknown, id?: string) => void): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: (error: unknown, user?: User | false) => void): void {
    this.accounts.sessionUser(id, takeSessionUserRow(id)).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  }
}
