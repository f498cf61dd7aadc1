// `npm run admin:create -- --email someone@example.com [--first-name Ada --last-name Lovelace]`
// Makes an administrator: promotes the account if it exists, else creates it with a random password printed once.
// Uses DATABASE_URL, else the embedded PostgreSQL of DATA_DIR (the running server's, or started for the command).
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { hashPassword } from '../src/accounts/application/password-hasher.js';
import { isValidEmail } from '#rules';
import { normaliseEmail } from '../src/accounts/domain/user.js';
import { validateEnvironment } from '../src/config/environment.js';
import { migrations } from '../src/migrations/index.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/database/embedded-postgres.js';

const { values } = parseArgs({
  options: { email: { type: 'string' }, 'first-name': { type: 'string', default: 'Site' }, 'last-name': { type: 'string', default: 'Administrator' } },
});

async function databaseUrl(): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  const environment = validateEnvironment(process.env);
  if (environment.DATABASE_URL) return { url: environment.DATABASE_URL };
  const pidFile = join(environment.DATA_DIR, 'postgres', 'postmaster.pid');
  if (existsSync(pidFile)) {
    // The server is running with its embedded cluster: use it (line 4 of postmaster.pid is the port).
    const port = readFileSync(pidFile, 'utf8').split('\n')[3]?.trim();
    const password = readFileSync(join(environment.DATA_DIR, 'postgres.password'), 'utf8').trim();
    return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/fairdraw` };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: environment.DATA_DIR, notice: (message) => console.error(message) });
  await ensureDatabase(embedded.serverUrl, 'fairdraw');
  return { url: embedded.urlFor('fairdraw'), embedded };
}

async function main(): Promise<number> {
  const email = values.email ? normaliseEmail(values.email) : '';
  if (!isValidEmail(email)) {
    console.error('Usage: npm run admin:create -- --email someone@example.com [--first-name Ada] [--last-name Lovelace]');
    return 2;
  }
  const { url, embedded } = await databaseUrl();
  const source = new DataSource({ type: 'postgres', url, migrations, migrationsTransactionMode: 'each' });
  try {
    await source.initialize();
    await source.runMigrations();
    const promoted: unknown[] = await source.query(`UPDATE users SET role = 'admin', updated_at = now() WHERE lower(email) = $1 RETURNING id`, [email]);
    if ((promoted as [unknown[], number])[1] > 0) {
      console.log(`${email} is now an administrator.`);
      return 0;
    }
    const password = randomBytes(18).toString('base64url');
    await source.query(`INSERT INTO users (email, password_hash, first_name, last_name, role, email_confirmed_at) VALUES ($1, $2, $3, $4, 'admin', now())`, [
      email,
      await hashPassword(password),
      values['first-name'],
      values['last-name'],
    ]);
    console.log(`Created the administrator ${email}.`);
    console.log(`Password (shown once; change it from the account page): ${password}`);
    return 0;
  } finally {
    if (source.isInitialized) await source.destroy();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof pg.DatabaseError ? `Database error: ${error.message}` : error);
    process.exit(1);
  },
);
