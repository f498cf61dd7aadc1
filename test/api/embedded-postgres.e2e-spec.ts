import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres.js';

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL (used when DATABASE_URL is not set)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-embedded-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps its data across restarts and picks a free port each time', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    await ensureDatabase(first.serverUrl, 'fairdraw');
    await query(first.urlFor('fairdraw'), 'CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$still here$$)');
    const firstPort = new URL(first.serverUrl).port;
    await first.stop();

    // Occupy the previous port: the restart must not try to reuse it.
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(Number(firstPort), '127.0.0.1', resolve));
    try {
      const second = await startEmbeddedPostgres({ dataDir });
      try {
        expect(new URL(second.serverUrl).port).not.toBe(firstPort);
        await ensureDatabase(second.serverUrl, 'fairdraw');
        const rows = await query(second.urlFor('fairdraw'), 'SELECT value FROM kept');
        expect(rows.rows).toEqual([{ value: 'still here' }]);
      } finally {
        await second.stop();
      }
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('accepts only its own password', async () => {
    const database = await startEmbeddedPostgres({ dataDir });
    try {
      const wrong = new URL(database.serverUrl);
      wrong.password = 'not-the-password';
      await expect(query(wrong.toString(), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    } finally {
      await database.stop();
    }
  });
});
