// Entry files at scale (issue 6): a ~300 MB CSV of 6.3 million rows (e-mail, name, tickets 1-10, a member id shared
// by two rows) uploaded to a real app running in a child process, then confirm details and advanced processing (ticket
// counts + unique ids), each on a fresh upload, with the server's peak RSS; then the entries index loaded in this
// process, and the parsers alone for comparison. The generated file is cached in os.tmpdir() across runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse';
import { createApp } from '../src/bootstrap/create-app.js';
import { ensureDatabase, startEmbeddedPostgres } from '../src/platform/database/embedded-postgres.js';
import { EntriesIndexService } from '../src/uploads/application/entries-index.service.js';
import { csvParseOptions, EntriesPass } from '#entries-file';
import { type BenchFigure, type BenchSuite, mb, median, round } from './bench-kit.js';

const ROWS = 6_300_000;
const RUNS = 3;
const SERVER_FLAG = '--uploads-bench-server';
const TARGETS = { confirmMs: 3000, processMs: 10_000, peakRssMb: 1024 };
const CLIENT_SESSION = 'uploads-bench-session';

interface EntriesFixture {
  path: string;
  bytes: number;
  rows: number;
  tickets: number;
}

/** The benchmark file, made once (deterministic) and kept in the temp folder. */
export async function entriesFixture(): Promise<EntriesFixture> {
  const path = join(tmpdir(), `fairdraw-bench-entries-v1-${ROWS}.csv`);
  const facts = `${path}.json`;
  if (existsSync(path) && existsSync(facts)) return JSON.parse(readFileSync(facts, 'utf8')) as EntriesFixture;
  const first = ['john', 'mary', 'ahmed', 'li', 'sofia', 'carlos', 'emma', 'noah', 'olivia', 'liam', 'zoe', 'raj'];
  const last = ['Smith', 'Jones', 'Nguyen', 'Garcia', 'Brown', 'Wilson', 'Taylor', 'Lee', 'Martin', 'Walker', 'Khan', 'Rossi'];
  const out = createWriteStream(`${path}.partial`);
  let text = 'email,name,tickets,member_id\n';
  let x = 20240601;
  let tickets = 0;
  for (let i = 0; i < ROWS; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const f = first[x % first.length];
    const l = last[(x >>> 8) % last.length];
    const t = 1 + ((x >>> 16) % 10);
    tickets += t;
    text += `${f}.${l[0].toLowerCase()}${i}@mail.com,${f[0].toUpperCase()}${f.slice(1)} ${l},${t},M${String(i >> 1).padStart(7, '0')}\n`;
    if (text.length > 1 << 20) {
      if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      text = '';
    }
  }
  await new Promise<void>((resolve, reject) => out.end(text, (error?: Error | null) => (error ? reject(error) : resolve())));
  await rename(`${path}.partial`, path);
  const fixture: EntriesFixture = { path, bytes: (await stat(path)).size, rows: ROWS, tickets };
  writeFileSync(facts, JSON.stringify(fixture));
  return fixture;
}

/** Child process mode: the app alone, listening on a free port. */
async function serve(): Promise<void> {
  const app = await createApp({
    databaseUrl: process.env.FAIRDRAW_BENCH_DATABASE_URL!,
    env: { NODE_ENV: 'test', DATA_DIR: process.env.FAIRDRAW_BENCH_DATA_DIR! },
    logger: ['error'],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(JSON.stringify({ url: (await app.getUrl()).replace('[::1]', '127.0.0.1') }) + '\n');
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

/** RSS of a process from /proc: now and the high-water mark (which /proc/<pid>/clear_refs can reset). */
class RssWatch {
  private peak = 0;
  private timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.timer = setInterval(() => (this.peak = Math.max(this.peak, this.current())), 20);
  }

  current(): number {
    return statusKb(this.pid, 'VmRSS') * 1024;
  }

  /** Starts a new measuring window. */
  reset(): void {
    try {
      writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
    } catch {
      // Not allowed here: the sampled peak still counts.
    }
    this.peak = this.current();
  }

  /** The largest RSS since the last reset: the kernel's high-water mark, or the sampled one. */
  windowPeak(): number {
    return Math.max(this.peak, statusKb(this.pid, 'VmHWM') * 1024);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** CPU time (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function statusKb(pid: number, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

function postJson(base: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return fetch(new URL(path, base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  }));
}

/** POST /api/Upload, the file streamed from disk as multipart/form-data. */
function uploadFile(base: string, fixture: EntriesFixture): Promise<{ status: number; body: Record<string, unknown> }> {
  const boundary = 'fairdraw-bench-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="clientSession"\r\n\r\n${CLIENT_SESSION}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="entries.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL('/api/Upload', base), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + fixture.bytes + tail.length },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(fixture.path, { highWaterMark: 1 << 20 });
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

function figure(name: string, times: number[], extra: Record<string, unknown> = {}): BenchFigure {
  return { name, runs: times.length, medianMs: round(median(times)), minMs: round(Math.min(...times)), maxMs: round(Math.max(...times)), ...extra };
}

async function startServer(databaseUrl: string, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), SERVER_FLAG], {
    env: { ...process.env, FAIRDRAW_BENCH_DATABASE_URL: databaseUrl, FAIRDRAW_BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      text += chunk;
      const line = text.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`The bench server exited with ${code}`)));
  });
  return { child, url };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The hot-path pass and csv-parse alone over the same file, in this process. */
async function parserFigures(fixture: EntriesFixture): Promise<BenchFigure[]> {
  const scans: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [, ms] = await timed(async () => {
      const pass = new EntriesPass({
        delimiter: ',',
        textOffset: 0,
        selection: { headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 3 },
        checkColumns: false,
        expectedRows: ROWS + 1,
      });
      for await (const chunk of createReadStream(fixture.path, { highWaterMark: 1 << 20 })) pass.push(chunk as Buffer);
      const result = pass.finish();
      if (result.selection!.entrantCount !== ROWS / 2) throw new Error('The pass miscounted entrants.');
    });
    scans.push(ms);
  }
  const [, csvParseMs] = await timed(async () => {
    let records = 0;
    for await (const _record of createReadStream(fixture.path, { highWaterMark: 1 << 20 }).pipe(parse(csvParseOptions(',')))) records++;
    if (records !== ROWS + 1) throw new Error('csv-parse miscounted rows.');
  });
  return [
    figure('hot path alone: EntriesPass with ticket counts and ids over the file (in the bench process, no HTTP)', scans),
    figure('csv-parse alone over the same file (the general parser; why the hot path is hand-written)', [csvParseMs]),
  ];
}

const suite: BenchSuite = {
  name: 'uploads',
  async run(): Promise<BenchFigure[]> {
    const fixture = await entriesFixture();
    const work = await mkdtemp(join(tmpdir(), 'fairdraw-bench-uploads-'));
    // The embedded cluster runs as the postgres user, who must be able to enter the folder.
    await chmod(work, 0o755);
    const appDataDir = join(work, 'app');
    const figures: BenchFigure[] = [];
    let database: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
    try {
      database = await startEmbeddedPostgres({ dataDir: join(work, 'pg') });
      await ensureDatabase(database.serverUrl, 'bench');
      const databaseUrl = database.urlFor('bench');
      const { child, url } = await startServer(databaseUrl, appDataDir);
      const rss = new RssWatch(child.pid!);
      const idleRss = rss.current();
      const uploads: number[] = [];
      const confirms: number[] = [];
      const confirmsAgain: number[] = [];
      const processes: number[] = [];
      const peaks = { upload: 0, confirm: 0, process: 0 };
      const cpu = { upload: [] as number[], confirm: [] as number[], process: [] as number[] };
      const pid = child.pid!;
      let fileName = '';
      try {
        for (let run = 0; run < RUNS; run++) {
          rss.reset();
          let cpuBefore = cpuMs(pid);
          const [uploaded, uploadMs] = await timed(() => uploadFile(url, fixture));
          cpu.upload.push(cpuMs(pid) - cpuBefore);
          if (uploaded.status !== 201) throw new Error(`Upload answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);
          peaks.upload = Math.max(peaks.upload, rss.windowPeak());
          uploads.push(uploadMs);
          fileName = uploaded.body.serverFileName as string;

          rss.reset();
          cpuBefore = cpuMs(pid);
          const [confirmed, confirmMs] = await timed(() => postJson(url, '/api/draw/getConfirmDrawDetails', { fileName, clientSession: CLIENT_SESSION, advancedUpload: true }));
          cpu.confirm.push(cpuMs(pid) - cpuBefore);
          if (confirmed.status !== 200 || confirmed.body.rowCount !== ROWS + 1 || confirmed.body.errorMessage !== null) {
            throw new Error(`Confirm details answered ${confirmed.status}: ${JSON.stringify(confirmed.body).slice(0, 500)}`);
          }
          peaks.confirm = Math.max(peaks.confirm, rss.windowPeak());
          confirms.push(confirmMs);
          confirmsAgain.push((await timed(() => postJson(url, '/api/draw/getConfirmDrawDetails', { fileName, clientSession: CLIENT_SESSION })))[1]);

          rss.reset();
          const selection = { fileName, clientSession: CLIENT_SESSION, headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 3 };
          cpuBefore = cpuMs(pid);
          const [processed, processMs] = await timed(() => postJson(url, '/api/draw/processAdvancedUpload', selection));
          cpu.process.push(cpuMs(pid) - cpuBefore);
          if (processed.status !== 200 || processed.body.entrantCount !== ROWS / 2 || processed.body.entryCount !== fixture.tickets) {
            throw new Error(`Processing answered ${processed.status}: ${JSON.stringify(processed.body)}`);
          }
          peaks.process = Math.max(peaks.process, rss.windowPeak());
          processes.push(processMs);
        }
      } finally {
        rss.stop();
        await stopServer(child);
      }
      const fileFacts = { fileMb: mb(fixture.bytes), rows: fixture.rows };
      figures.push(
        figure(`upload the ${mb(fixture.bytes)} MiB CSV (multipart, streamed to storage with SHA-256 and UTF-8 check)`, uploads, {
          ...fileFacts,
          throughputMbPerS: round(fixture.bytes / (1024 * 1024) / (median(uploads) / 1000), 0),
          serverCpuMedianMs: median(cpu.upload),
          serverPeakRssMb: mb(peaks.upload),
        }),
        figure('confirm details after the upload completed (full read, rows index written)', confirms, {
          ...fileFacts,
          targetMs: TARGETS.confirmMs,
          serverCpuMedianMs: median(cpu.confirm),
          serverPeakRssMb: mb(peaks.confirm),
        }),
        figure('confirm details again (stored inspection)', confirmsAgain),
        figure('advanced processing: ticket counts + unique entrant ids (3.15 million entrants)', processes, {
          ...fileFacts,
          targetMs: TARGETS.processMs,
          serverCpuMedianMs: median(cpu.process),
          serverPeakRssMb: mb(peaks.process),
        }),
        {
          name: 'server process RSS (child process, /proc VmHWM and 20 ms samples)',
          runs: RUNS,
          medianMs: 0,
          minMs: 0,
          maxMs: 0,
          idleRssMb: mb(idleRss),
          peakRssMb: mb(Math.max(peaks.upload, peaks.confirm, peaks.process)),
          targetPeakRssMb: TARGETS.peakRssMb,
          loadAverageAtEnd: round(loadavg()[0], 2),
          cores: cpus().length,
        },
      );

      // The entries index as the draws module will load it, in this process (same database and DATA_DIR).
      const app = await createApp({ databaseUrl, env: { NODE_ENV: 'test', DATA_DIR: appDataDir }, logger: false });
      try {
        const service = app.get(EntriesIndexService);
        const selection = { headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 3 };
        const loads: number[] = [];
        let bytesHeld = 0;
        const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
        gc();
        const rssBefore = process.memoryUsage().rss;
        let rssGrowth = 0;
        for (let run = 0; run < RUNS; run++) {
          const [index, ms] = await timed(() => service.load(fileName, { clientSession: CLIENT_SESSION }, selection));
          loads.push(ms);
          if (run === 0) rssGrowth = process.memoryUsage().rss - rssBefore;
          bytesHeld = index.rowStarts.byteLength + index.rowLengths.byteLength + index.tickets!.byteLength + index.entrantOf!.byteLength;
          if (index.entryCount !== ROWS) throw new Error('The index lost rows.');
          gc();
        }
        figures.push(
          figure('EntriesIndexService.load: row offsets and lengths, ticket counts, entrant numbers (typed arrays)', loads, {
            rows: ROWS,
            indexMb: mb(bytesHeld),
            bytesPerRow: round(bytesHeld / ROWS, 1),
            rssGrowthFirstLoadMb: mb(rssGrowth),
          }),
        );
        const index = await service.load(fileName, { clientSession: CLIENT_SESSION }, selection);
        let x = 7;
        const randomRows = (count: number) => Array.from({ length: count }, () => (x = (Math.imul(x, 48271) >>> 0) % ROWS));
        for (const [count, how] of [
          [10, 'one ranged read each'],
          [1000, 'ranged reads, 8 at a time'],
          [100_000, 'picked out of one sequential read'],
        ] as const) {
          const rows = randomRows(count);
          const times: number[] = [];
          for (let run = 0; run < RUNS; run++) times.push((await timed(() => service.readRows(index, rows)))[1]);
          figures.push(figure(`readRows: ${count.toLocaleString('en-US')} random rows back by offset (${how})`, times));
        }
      } finally {
        await app.close();
      }
      figures.push(...(await parserFigures(fixture)));
      return figures;
    } finally {
      await database?.stop();
      await rm(work, { recursive: true, force: true });
    }
  },
};

if (process.argv.includes(SERVER_FLAG)) await serve();

export default suite;
