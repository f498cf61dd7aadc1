import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

export interface NotifiedCacheOptions {
  /** The connection string of the database whose notifications invalidate the cache. */
  databaseUrl: string;
  /** The NOTIFY channel: each notification's payload names the entries it ends (`keysOf`). */
  channel: string;
  /** The keys of the entries a notification's payload ends. */
  keysOf: (payload: string) => string[];
  /** The longest an entry is used without being read again, should a notification ever be lost. */
  ttlMs: number;
  /** How many entries are kept (the one read from the database longest ago dropped first). */
  limit: number;
}

/** The longest wait before connecting again after losing the listening connection. */
const RECONNECT_MAX_MS = 10_000;

/**
 * Rows read from PostgreSQL kept in this process while the database says they hold (issue 26): one dedicated
 * connection LISTENs on a channel that the triggers writing those rows NOTIFY (at commit), and each notification ends
 * the entries it names. What bounds a stale read:
 * - while listening, a change is seen as soon as its notification arrives (milliseconds after the commit);
 * - an entry is never used longer than `ttlMs` after it was read, should a notification ever be lost;
 * - while the connection is down (and until LISTEN runs again), nothing is kept: every read goes to the database;
 * - a read that started before an invalidation is never kept (it may hold the row as it was before);
 * - a request of this process that may have written (any but GET and HEAD, unless its route says it changes nothing
 *   shown: KEEPS_PUBLIC_CACHES) ends every entry before its answer is sent (`clearAllNotifiedCaches`), so whoever made
 *   a change sees it on their next request, without waiting for the notification.
 * A null (no such row) is never kept: an inserted row sends no notification.
 */
export class NotifiedCache<T extends object> {
  private static readonly caches = new Set<NotifiedCache<object>>();
  private readonly entries = new Map<string, { value: Promise<T | null>; readAt: number }>();
  private readonly logger = new Logger('NotifiedCache');
  private client?: pg.Client;
  private listening = false;
  private stopped = true;
  /** Changes with every invalidation: a read that began under another generation is not kept. */
  private generation = 0;
  private retryMs = 100;
  private retry?: NodeJS.Timeout;

  constructor(private readonly options: NotifiedCacheOptions) {}

  /** Ends every entry of every cache of this process (a request of this process may have changed any row). */
  static clearAll(): void {
    for (const cache of NotifiedCache.caches) cache.clear();
  }

  /** Starts listening; until LISTEN has run, every read goes to the database. */
  start(): void {
    this.stopped = false;
    NotifiedCache.caches.add(this);
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    NotifiedCache.caches.delete(this);
    clearTimeout(this.retry);
    this.drop();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** The server process of the listening connection (PostgreSQL's backend pid), while listening. */
  get listenerPid(): number | undefined {
    return this.listening ? (this.client as (pg.Client & { processID?: number }) | undefined)?.processID : undefined;
  }

  /** Whether entries are kept: the notifications are being received. */
  get isListening(): boolean {
    return this.listening;
  }

  /** The row of a key, from this process while it holds, else read (concurrent first reads share one read). */
  get(key: string, read: () => Promise<T | null>): Promise<T | null> {
    if (!this.listening) return read();
    const now = performance.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.readAt < this.options.ttlMs) return entry.value;
    const generation = this.generation;
    const value = read();
    const made = { value, readAt: now };
    this.entries.delete(key);
    this.entries.set(key, made);
    if (this.entries.size > this.options.limit) this.entries.delete(this.entries.keys().next().value!);
    const forget = () => {
      if (this.entries.get(key) === made) this.entries.delete(key);
    };
    value.then((row) => {
      if (row === null || generation !== this.generation) forget();
    }, forget);
    return value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  private drop(): void {
    this.listening = false;
    this.clear();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    this.client = client;
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.drop();
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn(`Listening on ${this.options.channel} stopped${error ? `: ${error.message}` : ''}; reading through until it runs again`);
      this.retry = setTimeout(() => void this.connect(), this.retryMs).unref();
      this.retryMs = Math.min(RECONNECT_MAX_MS, this.retryMs * 2);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel !== this.options.channel) return;
      this.generation++;
      for (const key of this.options.keysOf(message.payload ?? '')) this.entries.delete(key);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.options.channel)}`);
      if (this.client !== client) return;
      // Whatever changed while no one listened is unknown: start empty.
      this.clear();
      this.listening = true;
      this.retryMs = 100;
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** A route's config (Fastify's, Nest's @RouteConfig) for a request that changes no row the notified caches keep. */
export const KEEPS_PUBLIC_CACHES = 'keepsPublicCaches';

/**
 * Ends every notified cache's entries before the answer to a request that may have written is sent: the next
 * request of whoever made a change sees it, notification or not.
 */
export function clearNotifiedCachesAfterWrites(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !(request.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[KEEPS_PUBLIC_CACHES]) NotifiedCache.clearAll();
    done(null, payload);
  });
}
