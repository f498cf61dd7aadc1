import { randomBytes } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { migrations } from '../../src/migrations/index.js';

/** Set by test/setup/global-setup.mjs for every test worker. */
const SERVER_URL_VARIABLE = 'FAIRDRAW_TEST_SERVER_URL';
const TEMPLATE_VARIABLE = 'FAIRDRAW_TEST_TEMPLATE';
// Any fixed number: serialises template migration and copying across test workers.
const TEMPLATE_LOCK = 725_001;
const TEMPLATE_READY = 'fairdraw: migrated, pg-boss schema created';

function testEnvironment(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest (npm test), whose global setup starts PostgreSQL.`);
  return value;
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = '/' + encodeURIComponent(database);
  return url.toString();
}

async function withServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file, copied from a template that holds the migrated schema. The first file of
 * the run migrates the template and marks it prepared; the others only copy it.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = testEnvironment(SERVER_URL_VARIABLE);
  const template = testEnvironment(TEMPLATE_VARIABLE);
  const name = `fairdraw_test_${randomBytes(6).toString('hex')}`;
  await withServer(serverUrl, async (client) => {
    // An empty database, as a new production server has: what start-up migrations must cope with.
    if (options.empty) {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      return;
    }
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      // The template's name is this run's own, so once the first file has prepared it, it stays prepared: the
      // others skip the migration check and pg-boss's start, which cost about a second per file.
      const prepared = await client.query('SELECT shobj_description(oid, $2) AS mark FROM pg_database WHERE datname = $1', [template, 'pg_database']);
      if (prepared.rows[0]?.mark !== TEMPLATE_READY) {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(template)}`);
        const source = new DataSource({ type: 'postgres', url: withDatabase(serverUrl, template), migrations, migrationsTransactionMode: 'each' });
        await source.initialize();
        try {
          await source.runMigrations();
        } finally {
          await source.destroy();
        }
        // pg-boss creates its own schema at its first start: do it once in the template rather than in every copy.
        const boss = new PgBoss({ connectionString: withDatabase(serverUrl, template), schema: 'pgboss', max: 1, supervise: false, schedule: false });
        await boss.start();
        await boss.stop({ graceful: false, wait: true });
        await client.query(`COMMENT ON DATABASE ${pg.escapeIdentifier(template)} IS '${TEMPLATE_READY}'`);
      }
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return {
    url: withDatabase(serverUrl, name),
    drop: () => withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`)).then(() => undefined),
  };
}
