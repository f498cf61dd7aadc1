import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HEAD_EVERY_MS } from '../domain/draw-log.js';
import { DrawLogService } from './draw-log.service.js';
import { repeatEvery } from '../../platform/jobs/repeat-every.js';

/**
 * In every process, every HEAD_EVERY_MS: a new signed head when entries arrived since the latest. Two processes
 * signing at once store one head per size (the first), so nothing needs electing.
 */
@Injectable()
export class TreeHeadSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('DrawLog');
  private stop?: () => void;

  constructor(private readonly log: DrawLogService) {}

  onModuleInit(): void {
    this.stop = repeatEvery(HEAD_EVERY_MS, () => this.sweep(), this.logger, 'Signing a draw log head failed');
  }

  async sweep(): Promise<void> {
    if (await this.log.behind()) await this.log.signHead();
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
