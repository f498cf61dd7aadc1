import { setTimeout as sleep } from 'node:timers/promises';
import type { Server } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ShutdownState } from '../platform/health/shutdown-state.js';
import { JobsService } from '../platform/jobs/jobs.service.js';

export interface ShutdownSettings {
  /** Seconds readiness answers 503 before the listener closes. */
  delaySeconds: number;
  /** Seconds requests under way, then running jobs, get to finish. */
  graceSeconds: number;
}

/**
 * SIGTERM (or SIGINT) in order: readiness 503 (the load balancer stops sending), stop taking requests and let those
 * under way finish, stop the job workers (running jobs finish or are handed back to another process), close the
 * database pools (app.close), then `after` (the embedded database). Past every limit the process exits with 1.
 */
export function shutDownGracefully(app: NestFastifyApplication, logger: LoggerService, settings: ShutdownSettings, after: () => Promise<void>): (signal: string) => Promise<number> {
  let closing: Promise<number> | undefined;
  return (signal) => {
    closing ??= (async () => {
      logger.log(`${signal}: shutting down`, 'Shutdown');
      const graceMs = settings.graceSeconds * 1000;
      const limit = setTimeout(
        () => {
          logger.error(`Shutdown took longer than ${settings.delaySeconds + 2 * settings.graceSeconds + 10} s: exiting anyway`, undefined, 'Shutdown');
          process.exit(1);
        },
        settings.delaySeconds * 1000 + 2 * graceMs + 10_000,
      );
      try {
        app.get(ShutdownState).begin();
        if (settings.delaySeconds > 0) {
          logger.log(`Readiness answers 503; serving ${settings.delaySeconds} s more`, 'Shutdown');
          await sleep(settings.delaySeconds * 1000);
        }
        const server = app.getHttpServer() as Server;
        // Requests still running after the grace period lose their connections.
        const cut = setTimeout(() => {
          logger.warn('Requests still running after the grace period: closing their connections', 'Shutdown');
          server.closeAllConnections();
        }, graceMs);
        // Fastify stops listening, closes idle keep-alive connections and answers 503 to requests arriving on busy ones.
        await app.getHttpAdapter().close();
        clearTimeout(cut);
        logger.log('Stopped taking requests; the requests under way have finished', 'Shutdown');
        await app.get(JobsService).stop(graceMs);
        logger.log('Job workers stopped; running jobs finished or handed back', 'Shutdown');
        await app.close();
        await after();
        logger.log('Database connections closed; exiting', 'Shutdown');
        return 0;
      } catch (error) {
        logger.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`, error instanceof Error ? error.stack : undefined, 'Shutdown');
        return 1;
      } finally {
        clearTimeout(limit);
      }
    })();
    return closing;
  };
}
