import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { createApp } from '../../src/bootstrap/create-app.js';
import { createTestDatabase } from '../setup/test-database.js';
import { type Mailbox, startMailbox } from './mailbox.js';

export interface TestApp {
  app: NestFastifyApplication;
  databaseUrl: string;
  /** This app's DATA_DIR: a temporary folder for stored files, removed on close. */
  dataDir: string;
  /** Where this app's mail is delivered (over SMTP), unless the test chose its own SMTP_URL. */
  mailbox?: Mailbox;
  /** Runs SQL against this test file's own database. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Starts listening on a free port and answers the base URL (browser tests). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** The application as production builds it (pipes, filters, migrations at start), on its own database. */
export async function createTestApp(options: { env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-test-data-'));
  // Delivered mail keeps no body in the outbox: the tests read what arrived, as its recipient would.
  const mailbox = options.env?.SMTP_URL ? undefined : await startMailbox();
  const app = await createApp({
    databaseUrl: database.url,
    env: { NODE_ENV: 'test', CLIENT_DIST_DIR: resolve('client/dist'), DATA_DIR: dataDir, ...(mailbox ? { SMTP_URL: mailbox.url } : {}), ...options.env },
    logger: ['error'],
  });
  await app.getHttpAdapter().getInstance().ready();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  return {
    app,
    databaseUrl: database.url,
    dataDir,
    mailbox,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    listen: async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return (await app.getUrl()).replace('[::1]', '127.0.0.1');
    },
    close: async () => {
      await pool.end();
      await app.close();
      await mailbox?.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
