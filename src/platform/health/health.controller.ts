import { Controller, Get, Header, HttpStatus, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { JobsService } from '../jobs/jobs.service.js';
import { FILE_STORAGE, type FileStorage } from '../storage/file-storage.port.js';
import { ShutdownState } from './shutdown-state.js';

const CHECK_TIMEOUT_MS = 3000;

/**
 * For load balancers and orchestrators, not API customers (so not in the OpenAPI document). Liveness says the process
 * answers; readiness that it can serve: database, job queue and file storage reachable, and not shutting down.
 */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly jobs: JobsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly shutdown: ShutdownState,
  ) {}

  /** 200 while the event loop runs: restart the process only when this fails. */
  @Get('live')
  @Header('Cache-Control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** 200 with each dependency `up`, else 503 with the ones `down` and why: send requests only on 200. */
  @Get('ready')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthCheckResult> {
    try {
      return await this.health.check([
        () =>
          this.indicators.check('shutdown').attempt(() => {
            if (this.shutdown.draining) throw new Error('This process is shutting down.');
          }),
        () => this.database.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('jobs')
            .attempt(() => this.jobs.checkHealth())
            .withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('storage')
            .attempt(() => this.storage.checkHealth())
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return error.getResponse() as HealthCheckResult;
    }
  }
}
