import pg from 'pg';
import { requestContext } from '../../src/platform/logging/request-context.js';

/** A statement sent to PostgreSQL: its text, its prepared name, and its connection's options (synchronous_commit). */
export interface SentStatement {
  text: string;
  name?: string;
  options?: string;
}

/**
 * Records every statement the app sends to PostgreSQL, by the request it was sent for (the X-Request-Id of the
 * answer), until `stop`: how many round trips a request costs, and on which connections.
 */
export function recordSentStatements(): { sentFor(requestId: string): SentStatement[]; stop(): void } {
  const statements = new Map<string, SentStatement[]>();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client & { connectionParameters?: { options?: string } }, ...args: unknown[]) {
    const requestId = requestContext.getStore()?.requestId;
    const sent = args[0] as string | { text?: string; name?: string };
    const statement = typeof sent === 'string' ? { text: sent } : { text: sent.text ?? '', name: sent.name, options: this.connectionParameters?.options };
    if (requestId) statements.set(requestId, [...(statements.get(requestId) ?? []), statement]);
    return (query as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return {
    sentFor: (requestId) => statements.get(requestId) ?? [],
    stop: () => {
      pg.Client.prototype.query = query;
    },
  };
}
