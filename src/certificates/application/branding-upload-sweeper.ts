import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { BrandingService } from './branding.service.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Once an hour, in every process (deleting is idempotent): branding images uploaded but never saved are removed. */
@Injectable()
export class BrandingUploadSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Branding');
  private timer?: NodeJS.Timeout;

  constructor(private readonly branding: BrandingService) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.branding.sweepUploads().catch((error: unknown) => this.logger.warn(`Sweeping branding uploads failed: ${String(error)}`));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
