import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CLOCK, type Clock } from '../clock/clock.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.port.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A write not written to for a day was left behind by a process that died: no upload streams that slowly. */
const ABANDONED_WRITE_AGE_MS = 24 * 60 * 60 * 1000;

/** Once an hour, in every process (removing is idempotent): what crashed writes left in storage (`.partial` files). */
@Injectable()
export class AbandonedWritesSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Storage');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn(`Sweeping abandoned writes failed: ${String(error)}`));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  sweep(): Promise<number> {
    return this.storage.removeAbandonedWrites(new Date(this.clock.now().getTime() - ABANDONED_WRITE_AGE_MS));
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
