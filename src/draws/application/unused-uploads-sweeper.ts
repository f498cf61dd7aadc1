import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { UploadRetentionService } from '../../uploads/application/upload-retention.service.js';
import { DRAW_REPOSITORY } from '../draws.tokens.js';
import type { DrawRepository } from './ports/draw.repository.port.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Once an hour, in every process (removing is idempotent): uploads past their retention that no draw runs on and no
 * saved draft names are removed, files and row. Which uploads are in use is the draws module's to say.
 */
@Injectable()
export class UnusedUploadsSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Uploads');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository,
    private readonly retention: UploadRetentionService,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn(`Sweeping unused uploads failed: ${String(error)}`));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  sweep(): Promise<number> {
    return this.retention.removeUnused((ids) => this.draws.uploadsInUse(ids));
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
