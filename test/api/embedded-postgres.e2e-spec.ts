import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
  it('refuses to start a second cluster on a folder a live process still uses, naming that process', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(`is in use by the running process ${process.pid}`);
      // The refusal left the running cluster alone.
      expect((await query(first.serverUrl, 'SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await first.stop();
    }
  });

  it('starts over a lock file whose process id now names another program (ids are reused after a reboot)', async () => {
    const stranger = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const notices: string[] = [];
    try {
      const lockFile = join(dataDir, 'postgres', 'postmaster.pid');
      await writeFile(lockFile, `${stranger.pid}\n${join(dataDir, 'postgres')}\n1795682220\n5432\n/tmp\n127.0.0.1\n  0 0\nready\n`);
      const database = await startEmbeddedPostgres({ dataDir, notice: (message) => notices.push(message) });
      try {
        expect((await query(database.serverUrl, 'SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        expect(notices).toEqual([`removing the stale ${lockFile}: process ${stranger.pid} is no longer a PostgreSQL of this folder`]);
      } finally {
        await database.stop();
      }
    } finally {
      stranger.kill('SIGKILL');
    }
  });

  it("says why PostgreSQL refused to start, in PostgreSQL's own words", async () => {
    const settings = join(dataDir, 'postgres', 'postgresql.auto.conf');
    const kept = await readFile(settings, 'utf8');
    await appendFile(settings, "max_connections = 'many'\n");
    try {
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(/did not start: FATAL: +configuration file ".*postgresql\.auto\.conf" contains errors/);
    } finally {
      await writeFile(settings, kept);
    }
  });
});
