import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RandomNumbersService } from './random-numbers.service.js';
import { HOURLY_MS, repeatEvery } from '../../platform/jobs/repeat-every.js';

/** Once an hour, in every process (the delete is idempotent): expired download requests are removed. */
@Injectable()
export class RngFileSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RngFiles');
  private stop?: () => void;

  constructor(private readonly numbers: RandomNumbersService) {}

  onModuleInit(): void {
    this.stop = repeatEvery(HOURLY_MS, () => this.numbers.sweepExpired(), this.logger, 'Sweeping expired files failed');
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
