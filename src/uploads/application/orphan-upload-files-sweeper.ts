import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HOURLY_MS, repeatEvery } from '../../platform/jobs/repeat-every.js';
import { UploadRetentionService } from './upload-retention.service.js';

/** Orphans come only from a crash at one moment, and finding them lists every stored upload file: once a day is enough. */
const SWEEP_EVERY_MS = 24 * HOURLY_MS;

/** Once a day, in every process (removing is idempotent): the files of uploads whose row was never inserted. */
@Injectable()
export class OrphanUploadFilesSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Uploads');
  private stop?: () => void;

  constructor(private readonly retention: UploadRetentionService) {}

  onModuleInit(): void {
    this.stop = repeatEvery(SWEEP_EVERY_MS, () => this.sweep(), this.logger, 'Sweeping orphan upload files failed');
  }

  sweep(): Promise<number> {
    return this.retention.removeOrphanFiles();
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
