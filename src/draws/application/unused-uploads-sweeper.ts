import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { UploadRetentionService } from '../../uploads/application/upload-retention.service.js';
import { DRAW_REPOSITORY } from '../draws.tokens.js';
import type { DrawRepository } from './ports/draw.repository.port.js';
import { HOURLY_MS, repeatEvery } from '../../platform/jobs/repeat-every.js';

/**
 * Once an hour, in every process (removing is idempotent): uploads past their retention that no draw runs on and no
 * saved draft names are removed, files and row. Which uploads are in use is the draws module's to say.
 */
@Injectable()
export class UnusedUploadsSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Uploads');
  private stop?: () => void;

  constructor(
    @Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository,
    private readonly retention: UploadRetentionService,
  ) {}

  onModuleInit(): void {
    this.stop = repeatEvery(HOURLY_MS, () => this.sweep(), this.logger, 'Sweeping unused uploads failed');
  }

  sweep(): Promise<number> {
    return this.retention.removeUnused((ids) => this.draws.uploadsInUse(ids));
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
