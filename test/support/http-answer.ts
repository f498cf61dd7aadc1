import type { FastifyRequest } from 'fastify';
import { ErrorEnvelopeFilter } from '../../src/platform/http/error-envelope.filter.js';

const request = { method: 'POST', routeOptions: { url: '/(in-process call)' } } as unknown as FastifyRequest;

/** The status and envelope the API answers an error thrown by a use case with, for tests that call a service directly. */
export function httpAnswerOf(error: unknown): { status: number; envelope: { message: string; modelState?: Record<string, string[]> } } {
  return new ErrorEnvelopeFilter().describe(error, request);
}
