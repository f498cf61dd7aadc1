import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { BrandingService } from './branding.service.js';
import { HOURLY_MS, repeatEvery } from '../../platform/jobs/repeat-every.js';

/** Once an hour, in every process (deleting is idempotent): branding images uploaded but never saved are removed. */
@Injectable()
export class BrandingUploadSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Branding');
  private stop?: () => void;

  constructor(private readonly branding: BrandingService) {}

  onModuleInit(): void {
    this.stop = repeatEvery(HOURLY_MS, () => this.branding.sweepUploads(), this.logger, 'Sweeping branding uploads failed');
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
