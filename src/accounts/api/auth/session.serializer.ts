import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { AccountService } from '../../application/account.service.js';
import type { User } from '../../domain/user.js';

/** The session keeps only the user id; the user is read afresh on each request, so a role change applies at once. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly accounts: AccountService) {
    super();
  }

  serializeUser(user: User, done: (error: unknown, id?: string) => void): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: (error: unknown, user?: User | false) => void): void {
    this.accounts.getUser(id).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  }
}
