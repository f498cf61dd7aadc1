import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';

export type JobHandler<T> = (data: T) => Promise<void>;

// Any fixed number: serialises queue creation across processes.
const QUEUE_CREATION_LOCK = 725_002;

/**
 * Background jobs in the same PostgreSQL (pg-boss), shared by every app process: a job is taken by exactly one
 * of them. pg-boss keeps its own schema (`pgboss`), which it creates and upgrades itself at start.
 */
@Injectable()
export class JobsService implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly workers = new Map<string, string>();
  private readonly queues = new Set<string>();
  private started?: Promise<PgBoss>;
  private stopping?: Promise<void>;

  constructor(private readonly databaseUrl: string) {}

  private boss(): Promise<PgBoss> {
    this.started ??= (async () => {
      const boss = new PgBoss({ connectionString: this.databaseUrl, schema: 'pgboss', max: 4, application_name: 'fairdraw-jobs' });
      boss.on('error', (error: Error) => this.logger.error(`pg-boss: ${error.message}`));
      await boss.start();
      return boss;
    })();
    return this.started;
  }

  private async queue(queue: string): Promise<PgBoss> {
    const boss = await this.boss();
    if (!this.queues.has(queue)) {
      // Idempotent in pg-boss (ON CONFLICT DO NOTHING), but two processes creating the same queue at once deadlock
      // on its partition: an advisory lock lets one process at a time create its queues.
      const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'fairdraw-jobs' });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [QUEUE_CREATION_LOCK]);
        await boss.createQueue(queue, { name: queue, retryLimit: 5, retryDelay: 10, retryBackoff: true });
        this.queues.add(queue);
      } finally {
        await client.end();
      }
    }
    return boss;
  }

  /** Registers the handler of a queue in this process. Failed jobs are retried with backoff. */
  async work<T extends object>(queue: string, handler: JobHandler<T>): Promise<void> {
    const boss = await this.queue(queue);
    const id = await boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
      await handler(job.data);
    });
    this.workers.set(queue, id);
  }

  /**
   * Queues a job; with `manager`, inside that transaction, so the job exists exactly when the caller's writes do.
   * The local worker is woken at once rather than at its next poll.
   */
  async send<T extends object>(queue: string, data: T, manager?: EntityManager, options: PgBoss.SendOptions = {}): Promise<void> {
    const boss = await this.queue(queue);
    const db = manager ? { executeSql: async (text: string, values: unknown[]) => ({ rows: await manager.query(text, values) }) } : undefined;
    await boss.send(queue, data, { ...options, ...(db ? { db } : {}) });
    // Inside a transaction the job is not visible yet: the worker finds it at its next poll instead.
    const worker = this.workers.get(queue);
    if (worker && !manager) boss.notifyWorker(worker);
  }

  /** Wakes the local worker of a queue at once, for a job queued in a transaction since committed. */
  async wake(queue: string): Promise<void> {
    const worker = this.workers.get(queue);
    if (worker) (await this.boss()).notifyWorker(worker);
  }

  /** Readiness: pg-boss runs and its schema answers. */
  async checkHealth(): Promise<void> {
    if (this.stopping) throw new Error('The job queue is stopping.');
    const boss = await this.boss();
    await boss.schemaVersion();
  }

  /**
   * Takes no new job and waits up to `graceMs` for the running ones; pg-boss then fails those still running, so they
   * are retried by another process (a draw is re-run from its stored seed with the same result).
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping ??= (async () => {
      if (!this.started) return;
      const boss = await this.started;
      await boss.stop({ graceful: true, timeout: graceMs, wait: true });
    })();
    await this.stopping;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}
