import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { JobsService } from '../../platform/jobs/jobs.service.js';
import { DRAW_REPOSITORY } from '../draws.tokens.js';
import { ExecuteDrawService } from './execute-draw.service.js';
import type { DrawRepository } from './ports/draw.repository.port.js';

const QUEUE = 'draw-execute';

/**
 * A scheduled draw is a pg-boss job due at its time (one process takes it). A sweep also looks for due draws still
 * scheduled, so that a draw whose process died mid-execution, or whose job was lost, is executed by another.
 */
@Injectable()
export class DrawScheduleService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('DrawSchedule');
  private sweepTimer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly jobs: JobsService,
    private readonly execution: ExecuteDrawService,
    private readonly config: ConfigService<Environment, true>,
    @Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work<{ drawId: string; dueAt?: string }>(QUEUE, async ({ drawId, dueAt }) => {
      await this.execution.execute(drawId, `scheduler (pid ${process.pid})`, dueAt === undefined ? undefined : new Date(dueAt));
    });
    const everyMs = this.config.get('DRAW_SWEEP_SECONDS', { infer: true }) * 1000;
    this.sweepTimer = setInterval(() => void this.sweep(), everyMs);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweepTimer);
  }

  /**
   * Queues the draw's execution at `at`. A draw moved to another time keeps its earlier job (pg-boss has no cheap way
   * to find and cancel it), so each job carries the time it was queued for and does nothing once the draw's time differs.
   */
  async schedule(drawId: string, at: Date): Promise<void> {
    await this.jobs.send(QUEUE, { drawId, dueAt: at.toISOString() }, undefined, { startAfter: at, singletonKey: drawId });
  }

  /**
   * Executes every due draw still scheduled; a draw another process is executing waits on its lock, then is skipped.
   * A draw that fails (storage unreachable, say) is tried again next sweep and does not hold up the others.
   */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    const failed = (what: string, error: unknown) => this.logger.error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    try {
      for (const drawId of await this.draws.dueDrawIds(this.clock.now())) {
        await this.execution.execute(drawId, `sweeper (pid ${process.pid})`).catch((error: unknown) => failed(`Draw ${drawId} failed in the sweep`, error));
      }
    } catch (error) {
      failed('Sweep failed', error);
    } finally {
      this.sweeping = false;
    }
  }
}
