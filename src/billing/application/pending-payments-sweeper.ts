import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { PaymentService } from './payment.service.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Once an hour, in every process (settling is idempotent): card payments still pending after
 * PENDING_PAYMENT_SWEEP_HOURS are asked about once more, then settled or marked failed and reported.
 */
@Injectable()
export class PendingPaymentsSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Payments');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly payments: PaymentService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn(`Sweeping pending payments failed: ${String(error)}`));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  sweep(): Promise<number> {
    return this.payments.sweepPendingPayments(this.config.get('PENDING_PAYMENT_SWEEP_HOURS', { infer: true }));
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
