import { createParamDecorator, type ExecutionContext, SetMetadata, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { User } from '../../domain/user.js';
import type { Caller, CallerSource } from '../../../platform/ownership/ownership.js';

export type { CallerSource };

export interface CallerRequest extends FastifyRequest {
  /** Set by passport from the session, or by the API key guard. */
  user?: User;
  callerSource?: CallerSource;
}

export const ACCESS_KEY = 'fairdraw:access';
export type Access = 'user' | 'admin' | 'session';

/** The route needs a logged-in user (session or API key): 401 otherwise. */
export const RequireUser = () => SetMetadata(ACCESS_KEY, 'user' satisfies Access);
/** The route needs an administrator: 401 without a user, 403 for others. */
export const RequireAdmin = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);
/** The route needs a browser session; API keys are not accepted (managing the keys themselves). */
export const RequireSession = () => SetMetadata(ACCESS_KEY, 'session' satisfies Access);

export const REFUSE_TEST_KEY = 'fairdraw:refuse-test-key';
/**
 * The route changes live data (money, credits, accounts): a test API key, which acts on test draws only, is refused
 * with 403 and this message.
 */
export const RefuseTestKey = (message: string) => SetMetadata(REFUSE_TEST_KEY, message);

/** The authenticated user of a route guarded by RequireUser/RequireAdmin/RequireSession. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): User => {
  const user = context.switchToHttp().getRequest<CallerRequest>().user;
  if (!user) throw new UnauthorizedException({ message: 'Please log in.' });
  return user;
});

/** The user if one is logged in, else undefined (public routes that behave better for users). */
export const OptionalUser = createParamDecorator((_data: unknown, context: ExecutionContext): User | undefined => context.switchToHttp().getRequest<CallerRequest>().user);

export const Source = createParamDecorator((_data: unknown, context: ExecutionContext): CallerSource => context.switchToHttp().getRequest<CallerRequest>().callerSource ?? 'web');

/** The browser tab asking: the clientSession it sent, else the one its session recorded at the last check. */
export function clientSessionOf(request: CallerRequest, sent: string | undefined): string | null {
  return sent ?? request.session?.get('clientSession') ?? null;
}

/** The one builder of the ownership policy's Caller from a request: its user, its tab, and how it came. */
export function callerOf(user: User | undefined, sentClientSession: string | undefined, request: CallerRequest): Caller {
  return {
    userId: user?.id ?? null,
    clientSession: clientSessionOf(request, sentClientSession),
    isAdmin: user?.role === 'admin',
    source: request.callerSource ?? 'web',
  };
}
