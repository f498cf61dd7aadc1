import type { CallerRequest } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import type { DrawViewer } from '../application/draw-query.service.js';

/** The browser tab asking: the clientSession it sent, else the one its session recorded at the last check. */
export function clientSessionOf(request: CallerRequest, sent: string | undefined): string | null {
  return sent ?? request.session?.get('clientSession') ?? null;
}

/**
 * Who is asking about a draw: the user, and the browser tab that may have made a visitor's draw. Administrators act
 * on any draw, except where `adminRights` is off (drafts are their owner's only).
 */
export function drawViewerOf(user: User | undefined, sentClientSession: string | undefined, request: CallerRequest, adminRights = true): DrawViewer {
  return {
    userId: user?.id ?? null,
    clientSession: clientSessionOf(request, sentClientSession),
    isAdmin: adminRights && user?.role === 'admin',
    testKey: request.callerSource === 'test',
  };
}
