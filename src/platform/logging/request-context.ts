import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
}

/** The request a line of code runs for, so that every log line written meanwhile carries its id. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';

// A caller's id is kept only when it cannot forge a log line or hide another request's id: short, plain characters.
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id (a load balancer's or a client's) when it is well-formed, else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && CALLER_REQUEST_ID.test(value) ? value : randomUUID();
}
