import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { findFreePort } from '../../src/platform/database/embedded-postgres.js';

const MAIN = resolve('dist/src/main.js');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves when the output contains `text` (a line the server logs), however long that takes. */
  waitFor(text: string): Promise<void>;
  stop(): Promise<number | null>;
}

/** The built server in its own process, as production runs it (several may share one database). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm test builds it first (npm run build).`);
  const port = await findFreePort();
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, NODE_ENV: 'test', PORT: String(port), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      if (output.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const waitFor = (text: string) =>
    new Promise<void>((resolvePromise, reject) => {
      if (output.includes(text)) return resolvePromise();
      waiters.push({ text, resolve: resolvePromise });
      void exited.then((code) => reject(new Error(`The server exited (${code}) before logging "${text}":\n${output}`)));
    });
  await waitFor('FairDraw is serving');
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    waitFor,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
