// Watches the public draw log (docs/verification.md "The public draw log"):
//   npm run log:monitor -- --url https://fairdraw.example [--state monitor.json] [--interval 60] [--once]
// Each round fetches the signed tree head, checks its Ed25519 signature with the key pinned at the first round, and
// checks it against the last head seen with a consistency proof (RFC 9162 §2.1.4). The last good head is kept in the
// state file, so a monitor restarted later still compares with it. Exit code 1 on a fork or a rewrite (a head that
// does not extend the last one, a smaller log, another key, a bad signature), 2 on wrong usage, 3 when the log
// cannot be read.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { decodeEntry, entryBytes, fromHex, leafHash, type TreeHead, verifyConsistency, verifyInclusion, verifyTreeHead } from '#transparency-log';

const USAGE = `usage: npm run log:monitor -- --url <service URL> [--state <file>] [--interval <seconds>] [--once]

  --url       the service, e.g. https://fairdraw.example (the log is under /api/log/)
  --state     where the last good head and the pinned key are kept (default: draw-log-monitor.json)
  --interval  seconds between checks (default 60)
  --once      one check, then exit
`;

interface State {
  publicKey: string;
  head: TreeHead & { signature: string };
}

class Alarm extends Error {}

async function getJson<T>(base: string, path: string): Promise<T> {
  const response = await fetch(new URL(path, base));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

async function check(base: string, state: State | null): Promise<State> {
  const key = await getJson<{ publicKey: string }>(base, '/api/log/key');
  if (state && key.publicKey !== state.publicKey) throw new Alarm(`The log's key changed from ${state.publicKey} to ${key.publicKey}`);
  const head = await getJson<State['head']>(base, '/api/log/head');
  if (!verifyTreeHead(head, head.signature, key.publicKey)) throw new Alarm(`The head of size ${head.treeSize} is not signed by the log's key`);
  const previous = state?.head;
  if (previous) {
    if (head.treeSize < previous.treeSize) throw new Alarm(`The log shrank from ${previous.treeSize} to ${head.treeSize} entries`);
    const { proof } = await getJson<{ proof: string[] }>(base, `/api/log/proof/consistency?first=${previous.treeSize}&second=${head.treeSize}`);
    if (!verifyConsistency(previous.treeSize, head.treeSize, fromHex(previous.rootHash), fromHex(head.rootHash), proof.map(fromHex))) {
      throw new Alarm(
        `The head of size ${head.treeSize} (root ${head.rootHash}) does not extend the last one seen, size ${previous.treeSize} (root ${previous.rootHash}): the log was forked or rewritten`,
      );
    }
  }
  await checkNewEntries(base, previous?.treeSize ?? 0, head);
  return { publicKey: key.publicKey, head };
}

/** The entries added since the last head: each one readable and in the new head (a sample, the newest 100 at most). */
async function checkNewEntries(base: string, from: number, head: TreeHead): Promise<void> {
  const start = Math.max(from, head.treeSize - 100);
  for (let at = start; at < head.treeSize;) {
    const { entries } = await getJson<{ entries: { index: number; entry: string }[] }>(base, `/api/log/entries?start=${at}&end=${head.treeSize}`);
    if (entries.length === 0) throw new Alarm(`The log serves no entry ${at} below its head's size ${head.treeSize}`);
    for (const { index, entry } of entries) {
      if (!decodeEntry(entry)) throw new Alarm(`Entry ${index} is not a draw log entry`);
      const { auditPath } = await getJson<{ auditPath: string[] }>(base, `/api/log/proof/inclusion?index=${index}&treeSize=${head.treeSize}`);
      if (!verifyInclusion(leafHash(entryBytes(entry)), index, head.treeSize, auditPath.map(fromHex), fromHex(head.rootHash))) {
        throw new Alarm(`Entry ${index} as served is not the one in the signed head of size ${head.treeSize}`);
      }
    }
    at = entries[entries.length - 1].index + 1;
  }
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { url: { type: 'string' }, state: { type: 'string' }, interval: { type: 'string' }, once: { type: 'boolean' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const interval = Number(values.interval ?? 60);
  if (values.help || !values.url || !Number.isFinite(interval) || interval <= 0) {
    process.stderr.write(USAGE);
    return values.help ? 0 : 2;
  }
  const stateFile = values.state ?? 'draw-log-monitor.json';
  let state = await readFile(stateFile, 'utf8').then(
    (text) => JSON.parse(text) as State,
    () => null,
  );
  for (;;) {
    try {
      state = await check(values.url, state);
      await writeFile(`${stateFile}.tmp`, JSON.stringify(state, null, 2) + '\n');
      await rename(`${stateFile}.tmp`, stateFile);
      process.stdout.write(`OK ${new Date().toISOString()} size ${state.head.treeSize} root ${state.head.rootHash}\n`);
    } catch (error) {
      if (error instanceof Alarm) {
        process.stdout.write(`ALARM ${error.message}\n`);
        return 1;
      }
      process.stderr.write(`The log could not be read: ${(error as Error).message}\n`);
      if (values.once) return 3;
    }
    if (values.once) return 0;
    await delay(interval * 1000);
  }
}

process.exitCode = await main();
