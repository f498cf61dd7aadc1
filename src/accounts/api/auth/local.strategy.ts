import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import { AccountService } from '../../application/account.service.js';
import type { User } from '../../domain/user.js';
import { addressKey } from '../../../platform/rate-limit/client-address.js';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly accounts: AccountService) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  validate(request: FastifyRequest, email: string, password: string): Promise<User> {
    return this.accounts.verifyCredentials(email, password, addressKey(request.ip));
  }
}
