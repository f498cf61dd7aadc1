import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { findFreePort } from '../../src/platform/database/embedded-postgres.js';
import { createTestDatabase } from '../setup/test-database.js';

const MAIN = resolve('dist/src/main.js');

/** Starts `node dist/src/main.js` as `npm start` does and resolves once it says it is serving. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('FairDraw is serving')) resolvePromise({ child, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} before serving:\n${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolvePromise) => child.once('exit', (code) => resolvePromise(code)));
}

/** Whether the process exists and has not exited (an exited child of init may linger as a zombie until reaped). */
function isRunning(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('npm start without DATABASE_URL (the built server, as a newcomer runs it)', () => {
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm test builds it first (npm run build).`);
    dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-start-'));
  });

  afterAll(async () => {
    // A failed run may leave a postmaster behind (the SIGKILL case): it must not outlive the suite.
    const lockFile = join(dataDir, 'postgres', 'postmaster.pid');
    const leftOver = existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8').split('\n')[0]) : 0;
    if (isRunning(leftOver)) process.kill(leftOver, 'SIGINT');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts the embedded PostgreSQL in DATA_DIR, serves the API and the client, and stops cleanly on SIGTERM', async () => {
    const port = await findFreePort();
    const env: Record<string, string> = { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
    const { child, output } = await startServer(env);
    try {
      const version = await fetch(`http://127.0.0.1:${port}/api/version/get`);
      expect(version.status).toBe(200);
      expect(typeof (await version.json())).toBe('string');
      const home = await fetch(`http://127.0.0.1:${port}/`);
      // Home is served prerendered (the client hydrates it).
      const homeHtml = await home.text();
      expect(homeHtml).toContain('<div id="root" data-prerendered>');
      expect(homeHtml).toContain('Random prize draws you can prove were fair');
      expect(output()).toContain(`starting the embedded PostgreSQL in ${dataDir}/postgres`);
    } finally {
      const exited = exitOf(child);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    // postmaster.pid disappears only when PostgreSQL shut down, rather than being left running.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // A second start reuses the cluster (no second initdb) on a fresh port.
    const again = await startServer({ ...env, PORT: String(await findFreePort()) });
    const exited = exitOf(again.child);
    again.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('starts again after the server was killed with SIGKILL, stopping the embedded PostgreSQL it left running', async () => {
    const env: Record<string, string> = { PORT: String(await findFreePort()), DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
    const killed = await startServer(env);
    const lockFile = join(dataDir, 'postgres', 'postmaster.pid');
    const orphan = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
    const killedExit = exitOf(killed.child);
    killed.child.kill('SIGKILL');
    await killedExit;
    // SIGKILL gives the server no chance to stop its cluster: the postmaster lives on, holding the folder.
    expect(isRunning(orphan)).toBe(true);

    const port = await findFreePort();
    const again = await startServer({ ...env, PORT: String(port) });
    try {
      expect(again.output()).toContain(`stopping the embedded PostgreSQL (PID ${orphan}) left running`);
      expect(isRunning(orphan)).toBe(false);
      const version = await fetch(`http://127.0.0.1:${port}/api/version/get`);
      expect(version.status).toBe(200);
      expect(Number(readFileSync(lockFile, 'utf8').split('\n')[0])).not.toBe(orphan);
    } finally {
      const exited = exitOf(again.child);
      again.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(existsSync(lockFile)).toBe(false);
  });

  it('uses the PostgreSQL of DATABASE_URL when it is set, migrating it at start-up', async () => {
    const database = await createTestDatabase({ empty: true });
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const port = await findFreePort();
      const { child, output } = await startServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url });
      try {
        const version = await fetch(`http://127.0.0.1:${port}/api/version/get`);
        expect(version.status).toBe(200);
        expect(output()).not.toContain('starting the embedded PostgreSQL');
        const tables = await client.query(`SELECT to_regclass('site_setting') AS site_setting`);
        expect(tables.rows[0].site_setting).toBe('site_setting');
      } finally {
        const exited = exitOf(child);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        await client.end();
      }
    } finally {
      await database.drop();
    }
  });

  it('refuses to start on a bad setting with a message naming it', async () => {
    const child = spawn(process.execPath, [MAIN], { env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT="eighty"');
  });
});
