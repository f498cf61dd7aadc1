import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RandomNumbersService } from './random-numbers.service.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Once an hour, in every process (the delete is idempotent): expired download requests are removed. */
@Injectable()
export class RngFileSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RngFiles');
  private timer?: NodeJS.Timeout;

  constructor(private readonly numbers: RandomNumbersService) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.numbers.sweepExpired().catch((error: unknown) => this.logger.warn(`Sweeping expired files failed: ${String(error)}`));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
