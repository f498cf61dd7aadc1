import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap/create-app.js';
import { shutDownGracefully } from './bootstrap/graceful-shutdown.js';
import { EnvironmentError, validateEnvironment } from './config/environment.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './platform/database/embedded-postgres.js';
import { createRootLogger, PinoNestLogger } from './platform/logging/pino-logger.js';

const logger = new Logger('FairDraw');

async function main(): Promise<void> {
  const environment = validateEnvironment(process.env);
  const root = createRootLogger(environment.LOG_LEVEL);
  const nestLogger = new PinoNestLogger(root);
  // Every Logger, including those made before the app exists, writes JSON lines through pino.
  Logger.overrideLogger(nestLogger);
  const exit = (code: number) => root.flush(() => process.exit(code));

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = environment.DATABASE_URL;
  if (!databaseUrl) {
    logger.log(`DATABASE_URL is not set: starting the embedded PostgreSQL in ${environment.DATA_DIR}/postgres`);
    embedded = await startEmbeddedPostgres({ dataDir: environment.DATA_DIR, notice: (message) => logger.warn(message) });
    await ensureDatabase(embedded.serverUrl, 'fairdraw');
    databaseUrl = embedded.urlFor('fairdraw');
  }

  const app = await createApp({ databaseUrl, logger: nestLogger }).catch(async (error: unknown) => {
    await embedded?.stop();
    throw error;
  });
  const shutdown = shutDownGracefully(app, nestLogger, { delaySeconds: environment.SHUTDOWN_DELAY_SECONDS, graceSeconds: environment.SHUTDOWN_GRACE_SECONDS }, async () => embedded?.stop());
  // A repeated signal joins the shutdown under way; SHUTDOWN_GRACE_SECONDS bounds it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal).then(exit));

  await app.listen({ port: environment.PORT, host: '0.0.0.0' });
  logger.log(`FairDraw is serving http://localhost:${environment.PORT}/`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvironmentError) console.error(error.message);
  else logger.fatal(error instanceof Error ? (error.stack ?? error.message) : String(error));
  // Give the asynchronous log destination a moment to write the reason.
  setTimeout(() => process.exit(1), 100);
});
