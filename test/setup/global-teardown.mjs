import { rm } from 'node:fs/promises';
import pg from 'pg';

export default async function globalTeardown() {
  const serverUrl = process.env.FAIRDRAW_TEST_SERVER_URL;
  const template = process.env.FAIRDRAW_TEST_TEMPLATE;
  if (serverUrl && template) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(template)} WITH (FORCE)`).catch(() => undefined);
    await client.end();
  }
  const embedded = globalThis.__FAIRDRAW_TEST_SERVER__;
  if (embedded) {
    // stop() can hang when the server is already gone: never let it hold the run.
    await Promise.race([embedded.server.stop(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    await rm(embedded.dataDir, { recursive: true, force: true });
  }
}
