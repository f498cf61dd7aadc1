import type { FastifyRequest } from 'fastify';
import type { UploadAccess } from '../domain/upload.js';

/** The logged-in user's id, when the accounts module has put a user on the request. */
export function userIdOf(request: FastifyRequest): string | null {
  const id = (request as unknown as { user?: { id?: unknown } | null }).user?.id;
  if (typeof id === 'string' && id) return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return null;
}

export function accessOf(request: FastifyRequest, clientSession: string | undefined): UploadAccess {
  return { clientSession: clientSession ?? null, userId: userIdOf(request) };
}
