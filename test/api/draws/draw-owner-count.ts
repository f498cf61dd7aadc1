import pg from 'pg';
import { registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

// Issue 14: the draw list's total comes from per-owner counters kept by triggers; they must equal a real count after
// every kind of write to the draw table, the app's and plain SQL's alike.
describe('draw list totals from the per-owner counters (API)', () => {
  let t: TestApp;
  let db: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  async function expectCountersExact(): Promise<void> {
    const { rows } = await db.query<{ counted: number; kept: number }>(
      `SELECT (SELECT count(*)::int FROM draw WHERE owner_user_id IS NOT NULL) AS counted, (SELECT COALESCE(SUM(draws), 0)::int FROM draw_owner_count) AS kept`,
    );
    expect(rows[0].kept).toBe(rows[0].counted);
    const { rows: wrong } = await db.query(
      `SELECT * FROM draw_owner_count c FULL JOIN (SELECT owner_user_id, source, state, count(*)::int AS n FROM draw WHERE owner_user_id IS NOT NULL GROUP BY 1, 2, 3) d
         USING (owner_user_id, source, state) WHERE COALESCE(c.draws, 0) <> COALESCE(d.n, 0)`,
    );
    expect(wrong).toEqual([]);
  }

  it('stays exact through creation, state changes, bulk SQL, deletion and a deleted owner', async () => {
    const { agent } = await registeredUser(t.app);
    const total = async () => (await agent.get('/api/draw/getAll/').expect(200)).body.total as number;
    const first = (await agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    await agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200);
    expect(await total()).toBe(2);
    await expectCountersExact();

    await db.query(`UPDATE draw SET state = 'cancelled' WHERE id = $1`, [first]);
    expect((await agent.get('/api/draw/getAll/').query({ statuses: 'cancelled' }).expect(200)).body.total).toBe(1);
    await db.query(`UPDATE draw SET name = name || ' renamed' WHERE id = $1`, [first]);
    await expectCountersExact();

    await db.query(
      `INSERT INTO draw (short_code, name, organisation, state, source, demo, owner_user_id, entry_method, entry_count, header_row, one_win_per_entrant, schedule_date, schedule_time_zone, seed, seed_hash, seed_scheme, beacon, beacon_round, payment_option, created_at)
       SELECT 'C' || g, name, organisation, state, source, demo, owner_user_id, entry_method, entry_count, header_row, one_win_per_entrant, schedule_date, schedule_time_zone, seed, seed_hash, seed_scheme, beacon, beacon_round, payment_option, created_at
         FROM draw, generate_series(1000, 1049) AS g WHERE id = $1`,
      [first],
    );
    expect(await total()).toBe(52);
    await expectCountersExact();

    await db.query(`DELETE FROM draw WHERE short_code LIKE 'C10%'`);
    expect(await total()).toBe(2);
    await expectCountersExact();

    const owner = (await db.query<{ owner_user_id: string }>('SELECT owner_user_id FROM draw WHERE id = $1', [first])).rows[0].owner_user_id;
    await db.query('DELETE FROM users WHERE id = $1', [owner]);
    await expectCountersExact();
  });
});
