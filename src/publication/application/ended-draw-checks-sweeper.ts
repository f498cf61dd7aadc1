import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HOURLY_MS, repeatEvery } from '../../platform/jobs/repeat-every.js';
import { EntryCheckService } from './entry-check.service.js';

/**
 * Once an hour, in every process (cancelling is idempotent): the entry checks of draws cancelled or ended in error.
 * The draws module does not reach into this module's tables when a draw is cancelled; this module asks.
 */
@Injectable()
export class EndedDrawChecksSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('EntryCheck');
  private stop?: () => void;

  constructor(private readonly entryCheck: EntryCheckService) {}

  onModuleInit(): void {
    this.stop = repeatEvery(HOURLY_MS, () => this.sweep(), this.logger, "Sweeping ended draws' entry checks failed");
  }

  sweep(): Promise<number> {
    return this.entryCheck.cancelForEndedDraws();
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
