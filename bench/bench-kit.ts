// Shared helpers for the benchmark suites: each suite measures a few cases and returns JSON figures.
// Medians over repeated runs, because the machines are shared and noisy.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureDatabase, findFreePort, startEmbeddedPostgres } from '../src/platform/database/embedded-postgres.js';
import { SESSION_COOKIE_NAME } from '../src/platform/http/sessions.js';

export interface BenchFigure {
  name: string;
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  [extra: string]: unknown;
}

export interface BenchSuite {
  name: string;
  run(): Promise<BenchFigure[]>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Times `fn` `runs` times (after one warm-up run) and reports median/min/max in milliseconds. */
export async function measure(name: string, runs: number, fn: () => unknown | Promise<unknown>, extra: Record<string, unknown> = {}): Promise<BenchFigure> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { name, runs, medianMs: round(median(times)), minMs: round(Math.min(...times)), maxMs: round(Math.max(...times)), ...extra };
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function mb(bytes: number): number {
  return round(bytes / (1024 * 1024), 1);
}

/**
 * A browser-like HTTP client for the suites that drive a running app through its API: JSON or multipart bodies, and
 * the session cookie kept from one call to the next.
 */
export class BenchClient {
  cookie = '';

  constructor(readonly base: string) {}

  async call<T = unknown>(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const isForm = body instanceof FormData;
    const response = await fetch(this.base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...headers, ...(this.cookie && { Cookie: this.cookie }), ...(!isForm && body !== undefined && { 'Content-Type': 'application/json' }) },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE_NAME}=`));
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

/**
 * Runs `use` with a `bench` database on an embedded PostgreSQL in a temporary folder of its own (`dataDir`, which the
 * suite may use for the app's files too); the server and the folder are removed afterwards, whatever happens.
 */
export async function withBenchDatabase<T>(name: string, use: (bench: { databaseUrl: string; dataDir: string }) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), `fairdraw-${name}-bench-`));
  // The cluster runs as the unprivileged `postgres` user when we are root: it must be able to pass through this folder.
  await chmod(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg') });
  try {
    await ensureDatabase(database.serverUrl, 'bench');
    return await use({ databaseUrl: database.urlFor('bench'), dataDir });
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Registers the suite's account through the app's API; `client` is signed in as it from then on. */
export async function registerBenchAccount(client: BenchClient, email: string, password = 'bench password'): Promise<void> {
  await client.call('/api/account/register/', { email, password, firstName: 'Bench', lastName: 'Mark', isAgent: false, optedIntoCommunication: false, termsAgreed: true });
}

/** The built server (`dist/src/main.js`) in its own process, as production runs it, so its own memory and CPU are measured apart from the bench's. */
export interface BenchServer {
  readonly base: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Starts the built server, or with `script` another server built with it (the load bench's check floor), on a free port (PORT). */
export async function startBenchServer(env: Record<string, string>, nodeArgs: string[] = [], script = 'dist/src/main.js'): Promise<BenchServer> {
  const port = await findFreePort();
  const server = spawn(process.execPath, [...nodeArgs, resolve(script)], {
    env: { ...process.env, PORT: String(port), ...env },
    // The JSON log lines are written as in production, to nowhere.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((done) => server.once('exit', done));
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (gone) throw new Error('The server exited before it was ready.');
    const ready = await fetch(`${base}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    base,
    pid: server.pid!,
    stop: async () => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** A process's resident memory now, from /proc (Linux). */
export function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`No VmRSS for process ${pid}`);
  return Number(line[1]) * 1024;
}
