// The public draw log at scale (issue 29, target under 5 ms each): append, inclusion proof and consistency proof on a
// log of 10 million entries (BENCH_LOG_ENTRIES to change it), through DrawLogService against PostgreSQL as the app
// runs them. The log is loaded in SQL first (PostgreSQL's sha256() computes the same RFC 9162 leaves and nodes).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { subtreeRefs } from '#transparency-log';
import { createApp } from '../src/bootstrap/create-app.js';
import { DrawLogService } from '../src/draw-log/application/draw-log.service.js';
import { ensureDatabase, startEmbeddedPostgres } from '../src/platform/database/embedded-postgres.js';
import { measure, round, type BenchFigure, type BenchSuite } from './bench-kit.js';

const TARGET_MS = 5;
const RUNS = 200;
const DRAW_ID = '00000000-0000-4000-8000-000000000000';

const suite: BenchSuite = {
  name: 'drawLog',
  async run(): Promise<BenchFigure[]> {
    const entries = Number(process.env.BENCH_LOG_ENTRIES ?? 10_000_000);
    const dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-draw-log-bench-'));
    await chmod(dataDir, 0o755);
    const database = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg') });
    try {
      await ensureDatabase(database.serverUrl, 'bench');
      const app = await createApp({ databaseUrl: database.urlFor('bench'), env: { NODE_ENV: 'test', DATA_DIR: join(dataDir, 'app') }, logger: ['error'] });
      const { DataSource } = await import('typeorm');
      const sql = app.get(DataSource);
      const loadStart = performance.now();
      await sql.query(
        `INSERT INTO draw_log_entry (idx, draw_id, kind, entry)
         SELECT i, $1::uuid, 'cancelled', '{"v":1,"kind":"cancelled","drawId":"${DRAW_ID}","at":"' || to_char((timestamptz '2026-01-01' + i::double precision * interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}'
           FROM generate_series(0, $2::bigint - 1) AS i`,
        [DRAW_ID, entries],
      );
      await sql.query(`INSERT INTO draw_log_node (level, idx, hash) SELECT 0, idx, sha256('\\x00'::bytea || convert_to(entry, 'UTF8')) FROM draw_log_entry`);
      for (let level = 1; 2 ** level <= entries; level++) {
        await sql.query(
          `INSERT INTO draw_log_node (level, idx, hash)
           SELECT $1, idx / 2, sha256('\\x01'::bytea || hash || next) FROM (
             SELECT idx, hash, lead(hash) OVER (ORDER BY idx) AS next FROM draw_log_node WHERE level = $2
           ) pairs WHERE idx % 2 = 0 AND next IS NOT NULL`,
          [level, level - 1],
        );
      }
      const frontier = subtreeRefs(0, entries);
      const hashes = (await sql.query(
        `SELECT n.hash FROM unnest($1::smallint[], $2::bigint[]) WITH ORDINALITY AS r(level, idx, ord) JOIN draw_log_node n ON n.level = r.level AND n.idx = r.idx ORDER BY r.ord`,
        [frontier.map((r) => r.level), frontier.map((r) => r.index)],
      )) as { hash: Buffer }[];
      await sql.query('UPDATE draw_log_tip SET size = $1, frontier = $2', [entries, hashes.map((h) => h.hash)]);
      await sql.query('VACUUM ANALYZE draw_log_node');
      await sql.query('VACUUM ANALYZE draw_log_entry');
      const loadSeconds = round((performance.now() - loadStart) / 1000, 1);

      const log = app.get(DrawLogService);
      const random = (below: number) => Math.floor(Math.random() * below);
      let at = 0;
      const append = await measure(`append one entry (log of ${entries} entries)`, RUNS, () =>
        log.append({ kind: 'cancelled', drawId: DRAW_ID, at: new Date(Date.UTC(2027, 0, 1) + at++).toISOString() }),
      );
      const size = entries + RUNS + 1;
      const inclusion = await measure(`inclusion proof of a random entry (log of ${size} entries)`, RUNS, () => log.inclusionProof(random(size), size));
      const consistency = await measure(`consistency proof between random sizes (log of ${size} entries)`, RUNS, () => log.consistencyProof(1 + random(size - 1), size));
      const head = await measure('sign a tree head', 20, () => log.signHead());
      await app.close();
      return [...[append, inclusion, consistency].map((figure) => ({ ...figure, targetMs: TARGET_MS, withinTarget: figure.medianMs < TARGET_MS })), { ...head, loadSeconds, entries }];
    } finally {
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

export default suite;
