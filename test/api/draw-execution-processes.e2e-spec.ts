import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { rerun, simpleDraw } from '../support/draws.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { waitUntil } from '../support/wait-until.js';
import { createTestDatabase } from '../setup/test-database.js';

async function submit(server: ServerProcess, overrides: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.url}/api/draw/submitdraw/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(simpleDraw(overrides)) });
  if (response.status !== 200) throw new Error(`submitdraw answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as string;
}

describe('scheduled draws across processes: exactly once, and finished by another process after a crash', () => {
  let database: { url: string; drop(): Promise<void> };
  let client: pg.Client;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-processes-'));
  });

  afterAll(async () => {
    await client.end();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  // A test that fails leaves no process behind to take the next test's draws.
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
  });

  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, DRAW_SWEEP_SECONDS: '1', ...extra });
    servers.push(server);
    return server;
  };

  it('executes each of 20 draws scheduled a few seconds ahead exactly once with two processes running', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    // A first submission each, drawn at once, so that the 20 below are not slowed by each new process's first request:
    // they must all arrive before their time, which is the same for all, for both processes to compete for each.
    await Promise.all([submit(a, { name: 'Warm-up A' }), submit(b, { name: 'Warm-up B' })]);
    const due = new Date(Date.now() + 5000).toISOString();
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(i % 2 ? a : b, { scheduleOption: 1, scheduleDate: due, name: `Draw ${i}` })));
    await waitUntil(
      async () => (await client.query(`SELECT count(*)::int AS n FROM draw WHERE id = ANY($1) AND state = 'drawn'`, [ids])).rows[0].n as number,
      (drawn) => drawn === 20,
      'the 20 scheduled draws to be drawn',
      { intervalMs: 100 },
    );
    const executions = await client.query(`SELECT draw_id, count(*)::int AS n FROM draw_audit WHERE draw_id = ANY($1) AND to_state = 'drawn' GROUP BY draw_id`, [ids]);
    expect(executions.rows).toHaveLength(20);
    expect(executions.rows.every((row) => row.n === 1)).toBe(true);
    const winners = await client.query(`SELECT draw_id, count(*)::int AS n FROM draw_winner WHERE draw_id = ANY($1) GROUP BY draw_id`, [ids]);
    expect(winners.rows.map((row) => row.n)).toEqual(Array(20).fill(5));
    const early = await client.query(`SELECT count(*)::int AS n FROM draw WHERE id = ANY($1) AND drawn_at < schedule_date`, [ids]);
    expect(early.rows[0].n).toBe(0);
  });

  it('leaves a draw whose process is killed mid-draw to another process, which draws the same winners', async () => {
    const paused = await start({ DRAW_PAUSE_BEFORE_COMMIT: 'true' });
    // Time for a new process's first submission on a busy machine (this process pauses every draw, so none warms it).
    const id = await submit(paused, { scheduleOption: 1, scheduleDate: new Date(Date.now() + 4000).toISOString(), name: 'Crash test' });
    // The first process has computed the winners and holds the draw, uncommitted.
    await paused.waitFor(`draw-paused ${id}`);
    const rescuer = await start();
    paused.child.kill('SIGKILL');
    await waitUntil(
      async () => (await client.query('SELECT state FROM draw WHERE id = $1', [id])).rows[0].state as string,
      (state) => state === 'drawn',
      'the other process to finish the draw',
      { intervalMs: 100 },
    );
    const response = await fetch(`${rescuer.url}/api/draw/get/?id=${id}`);
    const draw = await response.json();
    const drawn = draw.prizes.map((prize: { winners: { entryNumber: number }[]; reserveWinners: { entryNumber: number }[] }) => ({
      winners: prize.winners.map((w) => w.entryNumber),
      reserves: prize.reserveWinners.map((w) => w.entryNumber),
    }));
    // The same stored seed gives the winners the killed process had computed: the ones a re-run gives.
    expect(drawn).toEqual(rerun(draw));
    const audit = await client.query(`SELECT to_state, actor FROM draw_audit WHERE draw_id = $1 ORDER BY id`, [id]);
    expect(audit.rows.map((row) => row.to_state)).toEqual(['scheduled', 'drawn']);
    expect(audit.rows[1].actor).toContain(`pid ${rescuer.child.pid}`);
  });
});
