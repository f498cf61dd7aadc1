// The floor under an entrant's check (issue 26): the check's own work, the value's keyed digest and its one statement
// (the address's counter with the indexed lookup, on the counters' connections), answered by a plain Fastify route
// with nothing of the app's pipeline: no request log, session, security headers, validation or Nest. The load bench
// runs it in a process of its own on the app's database, so one run shows the app's check beside what this machine
// allows for the same work.
import 'reflect-metadata';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { DataSource } from 'typeorm';
import { RateLimitService } from '../src/platform/rate-limit/rate-limit.service.js';
import { ENTRY_CHECK_MESSAGES, ENTRY_CHECK_RATE_LIMIT } from '../src/publication/domain/entry-check-rules.js';
import { EntryDigester } from '../src/publication/domain/entry-digest.js';
import { TypeormEntryCheckRepository } from '../src/publication/infrastructure/typeorm-entry-check.repository.js';

export const CHECK_FLOOR_PATH = '/check';

async function main(): Promise<void> {
  const { DATABASE_URL, ENTRY_CHECK_SECRET, SHORT_CODE, PORT } = process.env;
  if (!DATABASE_URL || !ENTRY_CHECK_SECRET || !SHORT_CODE || !PORT) throw new Error('The check floor needs DATABASE_URL, ENTRY_CHECK_SECRET, SHORT_CODE and PORT');
  const dataSource = await new DataSource({ type: 'postgres', url: DATABASE_URL }).initialize();
  // The lookup and the configuration reads use the data source alone; the processing jobs are not needed here.
  const checks = new TypeormEntryCheckRepository(dataSource, undefined as never);
  const check = await checks.findByShortCode(SHORT_CODE);
  if (check?.state !== 'processed') throw new Error(`No processed entry check for ${SHORT_CODE}`);
  const digester = new EntryDigester(Buffer.from(ENTRY_CHECK_SECRET, 'utf8'), check.salt);
  const limits = new RateLimitService(dataSource);
  const policy = limits.policy({ name: 'entry-check-floor', ...ENTRY_CHECK_RATE_LIMIT, message: ENTRY_CHECK_MESSAGES.tooManyChecks });

  const app = Fastify({ trustProxy: 'loopback' });
  app.post<{ Body: { value: string } }>(CHECK_FLOOR_PATH, async (request) => {
    const entries = await checks.lookup(check.checkId, digester.digestOfText(request.body.value), policy.attemptBy(request.ip));
    return { found: entries !== null, entries: entries !== null && check.showEntriesCount ? entries : null };
  });
  app.get('/health/ready', async () => ({ status: 'ok' }));
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => limits.onModuleDestroy())
      .then(() => dataSource.destroy())
      .finally(() => process.exit(0));
  });
  await app.listen({ port: Number(PORT), host: '127.0.0.1' });
}

// Started as a script by the load bench, which imports the route's path from here.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
