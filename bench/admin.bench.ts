// Issue 12: the admin console's polled reads on a large shop. 100,000 customers, 300,000 draws and 50,000 paid
// packs of 10 credits, written straight into PostgreSQL; then the statistics (every 5 s per open console) and a
// customer page (every 10 s) through the real app, sorted by e-mail and by last use, with and without a search.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../src/bootstrap/create-app.js';
import { ensureDatabase, startEmbeddedPostgres } from '../src/platform/database/embedded-postgres.js';
import { type BenchFigure, type BenchSuite, measure } from './bench-kit.js';

const CUSTOMERS = 100_000;
const DRAWS = 300_000;
const PAID_PACKS = 50_000;
const RUNS = 10;

export async function seed(pool: pg.Pool): Promise<void> {
  await pool.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, api_enabled)
     SELECT 'customer' || n || '@example.com', 'x', 'First' || n, 'Last' || (n % 977), n % 50 = 0 FROM generate_series(1, $1) AS n`,
    [CUSTOMERS],
  );
  await pool.query(
    `INSERT INTO draw (short_code, name, organisation, state, source, owner_user_id, entry_method, entry_count, schedule_date, seed, seed_hash,
                       payment_option, created_at, drawn_at)
     SELECT 'B' || n, 'Draw ' || n, 'Org', (ARRAY['drawn', 'drawn', 'drawn', 'scheduled', 'cancelled', 'draft'])[1 + n % 6], 'web',
            u.id, 'simple', 100,
            -- Scheduled draws are due later: the app's sweep must not start drawing them during the measurements.
            CASE WHEN n % 6 = 3 THEN now() + interval '30 days' ELSE now() - (n % 60) * interval '1 day' END, decode(repeat('00', 32), 'hex'), 'hash', 4,
            now() - (n % 60) * interval '1 day', CASE WHEN n % 6 < 3 THEN now() - (n % 60) * interval '1 day' END
       FROM generate_series(1, $1) AS n JOIN users u ON u.email = 'customer' || (1 + n % $2) || '@example.com'`,
    [DRAWS, CUSTOMERS],
  );
  await pool.query(
    `WITH payments AS (
       INSERT INTO payment (user_id, payment_option, currency, amount, method, gateway, idempotency_key, status, created_at, fulfilled_at)
       SELECT u.id, 1, 'AUD', 30000, 'card', 'test', 'bench-' || n, 'succeeded', now() - (n % 60) * interval '1 day', now()
         FROM generate_series(1, $1) AS n JOIN users u ON u.email = 'customer' || (1 + (n * 7) % $2) || '@example.com'
       RETURNING id, user_id, created_at)
     INSERT INTO credit_pack (user_id, kind, purchase_date, expiry_date, payment_id)
     SELECT user_id, 'ten', created_at, created_at + interval '24 months', id FROM payments`,
    [PAID_PACKS, CUSTOMERS],
  );
  await pool.query(`INSERT INTO credit (pack_id, user_id) SELECT p.id, p.user_id FROM credit_pack p, generate_series(1, 10)`);
  await pool.query('ANALYZE');
}

const suite: BenchSuite = {
  name: 'admin',
  async run(): Promise<BenchFigure[]> {
    const dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-admin-bench-'));
    await chmod(dataDir, 0o755);
    const database = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg') });
    const pool = new pg.Pool({ connectionString: database.urlFor('bench'), max: 2 });
    try {
      await ensureDatabase(database.serverUrl, 'bench');
      const app = await createApp({ databaseUrl: database.urlFor('bench'), env: { NODE_ENV: 'test', DATA_DIR: join(dataDir, 'app') }, logger: ['error'] });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
      await seed(pool);

      const registered = await fetch(`${base}/api/account/register/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'bench password', firstName: 'Ada', lastName: 'Admin', isAgent: false, optedIntoCommunication: false, termsAgreed: true }),
      });
      const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0];
      await pool.query(`UPDATE users SET role = 'admin' WHERE email = 'admin@example.com'`);
      const get = async (path: string) => {
        const response = await fetch(base + path, { headers: { Cookie: cookie } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        return response.json() as Promise<unknown>;
      };

      const scale = { customers: CUSTOMERS, draws: DRAWS, paidPacks: PAID_PACKS };
      const figures = [
        await measure('GET /api/admin/statistics', RUNS, () => get('/api/admin/statistics/'), scale),
        await measure('GET /api/admin/customers (by e-mail, page 500)', RUNS, () => get('/api/admin/customers/?page=500'), scale),
        await measure('GET /api/admin/customers (by last use, newest first)', RUNS, () => get('/api/admin/customers/?sortColumn=lastUsed&sortDescending=true'), scale),
        await measure(
          'GET /api/admin/customers (search "customer77", by last purchase)',
          RUNS,
          () => get('/api/admin/customers/?searchEmail=customer77&sortColumn=lastPurchased&sortDescending=true'),
          scale,
        ),
      ];
      await app.close();
      return figures;
    } finally {
      await pool.end();
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

export default suite;
