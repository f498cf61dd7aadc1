import pg from 'pg';
import { PUBLIC_VERSION_READS } from '../../src/draws/infrastructure/typeorm-draw.repository.js';
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

/**
 * Splits off the reads of a draw's public version. Each process keeps a version for up to a second
 * (PublicVersionCache), so any request may read it again, once, on a slow machine: shared by every request for the
 * draw in that second, it is not a round trip of the request's own.
 */
export function apartFromVersionRead(sent: SentStatement[]): SentStatement[] {
  const names: (string | undefined)[] = Object.values(PUBLIC_VERSION_READS);
  const versionReads = sent.filter((statement) => names.includes(statement.name));
  if (versionReads.length > 1) throw new Error(`A request read its draw's public version ${versionReads.length} times`);
  return sent.filter((statement) => !versionReads.includes(statement));
}
