import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap/create-app.js';
import { EnvironmentError, validateEnvironment } from './config/environment.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './platform/database/embedded-postgres.js';

const logger = new Logger('FairDraw');

async function main(): Promise<void> {
  const environment = validateEnvironment(process.env);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = environment.DATABASE_URL;
  if (!databaseUrl) {
    logger.log(`DATABASE_URL is not set: starting the embedded PostgreSQL in ${environment.DATA_DIR}/postgres`);
    embedded = await startEmbeddedPostgres({ dataDir: environment.DATA_DIR });
    await ensureDatabase(embedded.serverUrl, 'fairdraw');
    databaseUrl = embedded.urlFor('fairdraw');
  }

  const app = await createApp({ databaseUrl }).catch(async (error: unknown) => {
    await embedded?.stop();
    throw error;
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal}: shutting down`);
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: environment.PORT, host: '0.0.0.0' });
  logger.log(`FairDraw is serving http://localhost:${environment.PORT}/`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvironmentError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
