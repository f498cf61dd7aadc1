import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { BrandingService } from './branding.service.js';
import { HOURLY_MS, repeatEvery } from '../../platform/jobs/repeat-every.js';

/** Images no branding names come only from a crash or a failed removal, and finding them lists every stored one. */
const UNNAMED_IMAGES_EVERY_MS = 24 * HOURLY_MS;

/**
 * In every process (deleting is idempotent): once an hour, branding images uploaded but never saved are removed; once
 * a day, stored branding images that no saved branding names.
 */
@Injectable()
export class BrandingUploadSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Branding');
  private stop?: () => void;
  private stopUnnamed?: () => void;

  constructor(private readonly branding: BrandingService) {}

  onModuleInit(): void {
    this.stop = repeatEvery(HOURLY_MS, () => this.branding.sweepUploads(), this.logger, 'Sweeping branding uploads failed');
    this.stopUnnamed = repeatEvery(UNNAMED_IMAGES_EVERY_MS, () => this.branding.sweepUnnamedImages(), this.logger, 'Sweeping unnamed branding images failed');
  }

  onModuleDestroy(): void {
    this.stop?.();
    this.stopUnnamed?.();
  }
}
