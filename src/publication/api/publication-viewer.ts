import type { CallerRequest } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import type { DrawViewer } from '../../draws/application/draw-query.service.js';

/** Who asks about a draw: the user, and the browser tab (clientSession sent, else the one the session recorded). */
export function viewerOf(user: User | undefined, sentClientSession: string | undefined, request: CallerRequest): DrawViewer {
  return {
    userId: user?.id ?? null,
    clientSession: sentClientSession ?? request.session?.get('clientSession') ?? null,
    isAdmin: user?.role === 'admin',
    testKey: request.callerSource === 'test',
  };
}
