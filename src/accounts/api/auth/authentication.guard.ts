import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import passport from 'passport';
import { ApiKeyService } from '../../application/api-key.service.js';
import { ACCESS_KEY, type Access, type CallerRequest, REFUSE_TEST_KEY } from './caller.js';

const LOGIN_REQUIRED = 'Please log in.';

/**
 * Runs on every route: finds who is calling (an API key in `Authorization: Bearer`, else the passport session)
 * and applies the route's access rule. Routes without a rule are public.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<CallerRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

    if (bearer) {
      const caller = await this.apiKeys.authenticate(bearer);
      // A wrong key is an error even on public routes: the caller meant to authenticate.
      if (!caller) throw new UnauthorizedException({ message: 'The API key is invalid or has been revoked.' });
      request.user = caller.user;
      request.callerSource = caller.kind === 'live' ? 'api' : 'test';
    } else if (request.session) {
      // passport's session strategy restores the user, and gives the request its logIn/logOut.
      await new Promise<void>((resolve, reject) => passport.authenticate('session')(request, reply.raw, (error?: unknown) => (error ? reject(error) : resolve())));
      if (request.user) request.callerSource = 'web';
    }

    const testKeyRefusal = this.reflector.getAllAndOverride<string | undefined>(REFUSE_TEST_KEY, [context.getHandler(), context.getClass()]);
    if (testKeyRefusal && request.callerSource === 'test') throw new ForbiddenException({ message: testKeyRefusal });

    if (!access) return true;
    if (!request.user) throw new UnauthorizedException({ message: LOGIN_REQUIRED });
    if (access === 'session' && bearer) throw new ForbiddenException({ message: 'API keys are managed from the account page, not with an API key.' });
    if (access === 'admin' && request.user.role !== 'admin') throw new ForbiddenException({ message: 'This area is for administrators.' });
    return true;
  }
}
