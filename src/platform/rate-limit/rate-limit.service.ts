import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import pg from 'pg';
import { TooManyRequestsException } from '../http/too-many-requests.exception.js';

export interface RateLimitPolicyOptions {
  /** Distinguishes this policy's counters from every other policy's in the shared table. */
  name: string;
  /** How many attempts a key may make per window. */
  points: number;
  windowSeconds: number;
  /** Refusal message; `{seconds}` is replaced by the wait. */
  message: string;
}

/** One limit (say, logins per account per hour), counted in PostgreSQL so every app process shares it. */
export class RateLimitPolicy {
  constructor(
    private readonly limiter: RateLimiterPostgres,
    private readonly message: string,
  ) {}

  /** Counts one attempt (or `points`, an amount such as bytes) for the key; throws 429 once the key has used up its window. */
  async consume(key: string, points = 1): Promise<void> {
    try {
      await this.limiter.consume(key, points);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new TooManyRequestsException(this.message.replace('{seconds}', String(seconds)), seconds);
    }
  }

  /** Whether the key still has attempts left, without counting one. */
  async isBlocked(key: string): Promise<boolean> {
    const state = await this.limiter.get(key);
    return state !== null && state.remainingPoints <= 0;
  }

  /** How many attempts the key has made in its current window. */
  async attempts(key: string): Promise<number> {
    return (await this.limiter.get(key))?.consumedPoints ?? 0;
  }

  /** Counts one attempt without ever refusing (a count that decides something other than a refusal). */
  async count(key: string): Promise<void> {
    await this.limiter.penalty(key, 1);
  }

  /** Forgets the key's attempts (a successful login clears the failures of that account). */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

@Injectable()
export class RateLimitService implements OnModuleInit, OnModuleDestroy {
  private cleanUp?: NodeJS.Timeout;
  /**
   * The counters' own connections, committing without waiting for the disk (synchronous_commit off): every counted
   * request (an entrant's check among them, issue 26) writes a counter, and waiting for its flush was most of such a
   * request's time. A database crash can lose the counts of its last fraction of a second (at most three times
   * wal_writer_delay, 600 ms by default): never a refusal, at most a few attempts uncounted. Each count is still one
   * atomic statement, shared by every process.
   */
  private readonly pool: pg.Pool;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.pool = new pg.Pool({ connectionString: (dataSource.options as { url: string }).url, max: 5, options: '-c synchronous_commit=off' });
    // An idle connection dropped by the server is replaced on next use; without a listener the error would end the process.
    this.pool.on('error', (error) => new Logger('RateLimit').warn(`Rate limit connection lost: ${error.message}`));
  }

  policy(options: RateLimitPolicyOptions): RateLimitPolicy {
    const limiter = new RateLimiterPostgres({
      storeClient: this.pool,
      storeType: 'pool',
      tableName: 'rate_limit',
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: options.name,
      points: options.points,
      duration: options.windowSeconds,
    });
    return new RateLimitPolicy(limiter, options.message);
  }

  onModuleInit(): void {
    // Expired counters are dead rows; one sweep an hour keeps the table small.
    this.cleanUp = setInterval(() => {
      this.dataSource.query('DELETE FROM rate_limit WHERE expire < $1', [Date.now()]).catch(() => undefined);
    }, CLEAN_UP_EVERY_MS);
    this.cleanUp.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.cleanUp);
    await this.pool.end();
  }
}
