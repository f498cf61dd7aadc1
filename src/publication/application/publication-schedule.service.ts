import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { DrawQueryService } from '../../draws/application/draw-query.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { JobsService } from '../../platform/jobs/jobs.service.js';
import { TypeormPublicationRepository } from '../infrastructure/typeorm-publication.repository.js';
import { VISITOR } from '../../platform/ownership/ownership.js';

const QUEUE = 'publication-go-live';

/**
 * A scheduled publication is a pg-boss job due at its date that makes it live; a sweep (as for draws) catches a
 * lost job, and a publication whose draw was drawn only after its date (a rescheduled draw) goes live once drawn.
 */
@Injectable()
export class PublicationScheduleService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('PublicationSchedule');
  private sweepTimer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly jobs: JobsService,
    private readonly config: ConfigService<Environment, true>,
    private readonly drawQuery: DrawQueryService,
    private readonly publications: TypeormPublicationRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work<{ drawId: string }>(QUEUE, async ({ drawId }) => {
      await this.goLiveIfDue(drawId);
    });
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.get('DRAW_SWEEP_SECONDS', { infer: true }) * 1000);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweepTimer);
  }

  async schedule(drawId: string, at: Date): Promise<void> {
    // One job per date: a publication moved to another date gets its own job; the old one finds nothing due.
    await this.jobs.send(QUEUE, { drawId }, undefined, { startAfter: at, singletonKey: `${drawId}@${at.toISOString()}` });
  }

  /** Live once its date has come and the draw has winners; answers whether it went live now. */
  async goLiveIfDue(drawId: string): Promise<boolean> {
    const view = await this.drawQuery.find(drawId, VISITOR);
    if (view?.draw.state !== 'drawn') return false;
    return this.publications.goLive(drawId, this.clock.now());
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      for (const drawId of await this.publications.dueDrawIds(this.clock.now())) await this.goLiveIfDue(drawId);
    } catch (error) {
      this.logger.error(`Publication sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.sweeping = false;
    }
  }
}
