import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * A server killed with SIGKILL (or a crash of the machine's supervisor) cannot stop the PostgreSQL it started: the
 * postmaster lives on, orphaned, holding `postmaster.pid`, and PostgreSQL refuses a second postmaster on the folder.
 * Before the next start, such a postmaster is found through that file, checked to be ours, and stopped cleanly.
 */

/** How long the orphan's fast shutdown may take (it checkpoints first) before we give up and say what to do. */
const ORPHAN_STOP_TIMEOUT_MS = 30_000;
const POLL_MS = 100;

/** Names the process that started the cluster, so a later start can tell a live server's cluster from an orphan. */
function ownerFileOf(dataDir: string): string {
  return join(dataDir, 'postgres.owner');
}

export async function recordOwner(dataDir: string): Promise<void> {
  await writeFile(ownerFileOf(dataDir), `${process.pid}\n`);
}

interface ProcessInfo {
  parentPid: number;
  /** Exited but not yet reaped by its parent: it holds nothing any more. */
  zombie: boolean;
  args: string[];
}

export interface OrphanOptions {
  dataDir: string;
  clusterDir: string;
  log: (message: string) => void;
  stopTimeoutMs?: number;
}

/**
 * Leaves `clusterDir` free for a new postmaster: stops an orphaned postmaster of this very folder, removes a lock file
 * whose process is gone or is some other program now (process ids are reused), and refuses, saying why and what to
 * do, when a live process still uses the cluster or the orphan cannot be stopped.
 */
export async function clearOrphanedPostmaster(options: OrphanOptions): Promise<void> {
  const clusterDir = resolve(options.clusterDir);
  const lockFile = join(clusterDir, 'postmaster.pid');
  const lock = await readLock(lockFile);
  if (!lock) return;
  const holder = await inspectProcess(lock.pid);
  if (!holder || holder.zombie || !isPostmasterOf(holder, clusterDir)) {
    // PostgreSQL itself would refuse a lock whose process id now names another live program (or a zombie); its shared
    // memory check still stops a start while any old backend is attached, so removing the file is safe.
    options.log(`removing the stale ${lockFile}: process ${lock.pid} is no longer a PostgreSQL of this folder`);
    await rm(lockFile, { force: true });
    return;
  }
  const owner = await readOwner(options.dataDir);
  if (owner !== undefined && holder.parentPid === owner && (await inspectProcess(owner))) {
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} (PID ${lock.pid}) is in use by the running process ${owner} (a FairDraw server or ` +
        `admin command on the same DATA_DIR). Stop that process (kill -TERM ${owner}) or start this one with another DATA_DIR.`,
    );
  }
  options.log(`stopping the embedded PostgreSQL (PID ${lock.pid}) left running in ${clusterDir} by a server that ended without stopping it`);
  try {
    // SIGINT is PostgreSQL's fast shutdown: open transactions are rolled back, a checkpoint is written, the lock removed.
    process.kill(lock.pid, 'SIGINT');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} (PID ${lock.pid}) was left running by an earlier server and cannot be stopped by this user ` +
        `(${(error as NodeJS.ErrnoException).code}). Stop it as its owner (kill -INT ${lock.pid}) and start again.`,
      { cause: error },
    );
  }
  const deadline = Date.now() + (options.stopTimeoutMs ?? ORPHAN_STOP_TIMEOUT_MS);
  while (Date.now() < deadline) {
    const state = await inspectProcess(lock.pid);
    if (!existsSync(lockFile) || !state || state.zombie) {
      if (existsSync(lockFile)) await rm(lockFile, { force: true });
      options.log(`the earlier embedded PostgreSQL (PID ${lock.pid}) has stopped`);
      return;
    }
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  throw new Error(
    `The embedded PostgreSQL in ${clusterDir} (PID ${lock.pid}) was left running by an earlier server and did not stop within ` +
      `${Math.round((options.stopTimeoutMs ?? ORPHAN_STOP_TIMEOUT_MS) / 1000)} s of a fast shutdown. Stop it (kill -QUIT ${lock.pid}, ` +
      `PostgreSQL's immediate shutdown; the next start recovers from its log) and start again.`,
  );
}

/** The pid and data folder of `postmaster.pid` (its first two lines), or nothing when there is no usable lock. */
async function readLock(lockFile: string): Promise<{ pid: number } | undefined> {
  let text: string;
  try {
    text = await readFile(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number(text.split('\n')[0]?.trim());
  // A negative pid marks a single-user backend; a torn or empty file names nobody. PostgreSQL copes with both alone.
  return Number.isSafeInteger(pid) && pid > 0 ? { pid } : undefined;
}

async function readOwner(dataDir: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(ownerFileOf(dataDir), 'utf8')).trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isPostmasterOf(info: ProcessInfo, clusterDir: string): boolean {
  const program = info.args[0] ?? '';
  const dataFlag = info.args.indexOf('-D');
  return (basename(program) === 'postgres' || basename(program) === 'postmaster') && dataFlag >= 0 && resolve(info.args[dataFlag + 1] ?? '') === clusterDir;
}

const execFileAsync = promisify(execFile);

/** The process's parent, state and arguments; undefined when no such process exists. */
async function inspectProcess(pid: number): Promise<ProcessInfo | undefined> {
  if (existsSync('/proc/self/stat')) {
    try {
      const [stat, cmdline] = await Promise.all([readFile(`/proc/${pid}/stat`, 'utf8'), readFile(`/proc/${pid}/cmdline`, 'utf8')]);
      // The command name (2nd field) is in parentheses and may itself hold spaces or parentheses: read after the last ')'.
      const [state, parentPid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { parentPid: Number(parentPid), zombie: state === 'Z' || state === 'X', args: cmdline.split('\0').filter((arg) => arg !== '') };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ESRCH') return undefined;
      throw error;
    }
  }
  // Without /proc (macOS, the BSDs) ps answers the same; its arguments come space-separated, enough to find `-D <dir>`.
  try {
    const { stdout } = await execFileAsync('ps', ['-o', 'ppid=,stat=,args=', '-p', String(pid)]);
    const match = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(stdout.trim());
    if (!match) return undefined;
    return { parentPid: Number(match[1]), zombie: match[2].startsWith('Z'), args: match[3].split(/\s+/) };
  } catch (error) {
    // ps exits with 1 when the process does not exist.
    if ((error as { code?: unknown }).code === 1) return undefined;
    throw error;
  }
}
