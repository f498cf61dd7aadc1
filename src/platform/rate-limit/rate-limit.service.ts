import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
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

/**
 * A read that an attempt unlocks (an entrant's value looked up), run in the counting statement itself: one round
 * trip, and none of its rows answered once the key has used up its window. The text's placeholders are its own ($1
 * onwards, for `values`), its columns not named points or expire (the count's); it is prepared under `name` on the
 * counters' connections, so one name is one text.
 */
interface AllowedRead {
  name: string;
  text: string;
  values: unknown[];
}

/** One attempt by one key, counted when it is made: by itself, or with the read it is made for. */
export interface Attempt {
  /** Counts the attempt; throws 429 once the key has used up its window. */
  consume(): Promise<void>;
  /** Counts the attempt and, in the same statement, answers the read's rows if within the limit; throws 429 otherwise. */
  consumeWith<T>(read: AllowedRead): Promise<T[]>;
}

/**
 * Counts `points` for a key in the counters' table, starting a new window when the key's has expired. The same
 * upsert as rate-limiter-flexible's (RateLimiterPostgres._upsert: key `<keyPrefix>:<key>`, points, expire in epoch
 * ms), so its reads (`get`) and deletes keep working on the rows; written here so that a read can share its
 * statement. Parameters from `$first`: key, points, the new window's expiry, now.
 */
function countingUpsert(first: number): string {
  const [key, points, expire, now] = [first, first + 1, first + 2, first + 3].map((n) => `$${n}`);
  return `INSERT INTO rate_limit (key, points, expire) VALUES (${key}, ${points}, ${expire})
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN rate_limit.expire <= ${now} THEN ${points} ELSE rate_limit.points + ${points} END,
      expire = CASE WHEN rate_limit.expire <= ${now} THEN ${expire} ELSE rate_limit.expire END
    RETURNING points, expire`;
}

const COUNT_STATEMENT = { name: 'rate-limit-count', text: countingUpsert(1) };

/** Marks the rows of an allowed read (a read row may itself be all nulls). */
const ALLOWED = 'rate_limit_allowed';

/** The counting upsert with `read` after it: the read's rows only while the count is within the limit (the last parameter). */
function countingWith(read: AllowedRead): { name: string; text: string } {
  const first = read.values.length + 1;
  return {
    name: `rate-limit-count:${read.name}`,
    text: `WITH counted AS (${countingUpsert(first)})
      SELECT counted.points, counted.expire, allowed.* FROM counted
      LEFT JOIN LATERAL (SELECT true AS ${ALLOWED}, read.* FROM (${read.text}) AS read WHERE counted.points <= $${first + 4}) AS allowed ON true`,
  };
}

/** Longest key stored as it is: with the longest policy name before it, well within the table's varchar(255). */
const MAX_PLAIN_KEY_LENGTH = 160;

/**
 * The key as the counters' table holds it. A longer one (an account's e-mail address of up to 254 characters with a
 * client address after it; a forwarded address of any length) is counted under its digest: stored as it is, it failed
 * the insert, so the request answered 500 and the attempt was never counted.
 */
function storedKey(key: string): string {
  return key.length <= MAX_PLAIN_KEY_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** One limit (say, logins per account per hour), counted in PostgreSQL so every app process shares it. */
export class RateLimitPolicy {
  constructor(
    private readonly limiter: RateLimiterPostgres,
    private readonly pool: pg.Pool,
    private readonly options: RateLimitPolicyOptions,
  ) {}

  /** Counts one attempt (or `points`, an amount such as bytes) for the key; throws 429 once the key has used up its window. */
  async consume(key: string, points = 1): Promise<void> {
    this.refuseOver(await this.counted(key, points));
  }

  /** An attempt by the key, to count (alone or with the read it is made for) when it is made. */
  attemptBy(key: string): Attempt {
    return {
      consume: () => this.consume(key),
      consumeWith: async <T>(read: AllowedRead) => {
        const statement = countingWith(read);
        const { rows } = await this.pool.query<Record<string, unknown>>({
          ...statement,
          values: [...read.values, ...this.countValues(key, 1), this.options.points],
        });
        this.refuseOver(rows[0] as { points: number; expire: string });
        return rows.filter((row) => row[ALLOWED] === true).map(({ points: _points, expire: _expire, [ALLOWED]: _allowed, ...read }) => read as T);
      },
    };
  }

  /** Whether the key still has attempts left, without counting one. */
  async isBlocked(key: string): Promise<boolean> {
    const state = await this.limiter.get(storedKey(key));
    return state !== null && state.remainingPoints <= 0;
  }

  /** How many attempts the key has made in its current window. */
  async attempts(key: string): Promise<number> {
    return (await this.limiter.get(storedKey(key)))?.consumedPoints ?? 0;
  }

  /** Counts one attempt without ever refusing (a count that decides something other than a refusal). */
  async count(key: string): Promise<void> {
    await this.counted(key, 1);
  }

  /** Forgets the key's attempts (a successful login clears the failures of that account). */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(storedKey(key));
  }

  private async counted(key: string, points: number): Promise<{ points: number; expire: string }> {
    const { rows } = await this.pool.query<{ points: number; expire: string }>({ ...COUNT_STATEMENT, values: this.countValues(key, points) });
    return rows[0];
  }

  private countValues(key: string, points: number): unknown[] {
    const now = Date.now();
    return [this.limiter.getKey(storedKey(key)), points, this.options.windowSeconds > 0 ? now + this.options.windowSeconds * 1000 : null, now];
  }

  /** Throws 429, with the window's remaining seconds, once the count has gone past the limit. */
  private refuseOver(count: { points: number; expire: string }): void {
    if (count.points <= this.options.points) return;
    const seconds = Math.max(1, Math.ceil((Number(count.expire) - Date.now()) / 1000));
    throw new TooManyRequestsException(this.options.message.replace('{seconds}', String(seconds)), seconds);
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
    return new RateLimitPolicy(limiter, this.pool, options);
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
