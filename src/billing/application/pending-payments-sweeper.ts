import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { PaymentService } from './payment.service.js';
import { HOURLY_MS, repeatEvery } from '../../platform/jobs/repeat-every.js';

/**
 * Once an hour, in every process (settling is idempotent): card payments still pending after
 * PENDING_PAYMENT_SWEEP_HOURS are asked about once more, then settled or marked failed and reported; payments of any
 * gateway that succeeded but were never fulfilled are fulfilled (fulfilment is claimed once).
 */
@Injectable()
export class PendingPaymentsSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Payments');
  private stop?: () => void;

  constructor(
    private readonly payments: PaymentService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  onModuleInit(): void {
    this.stop = repeatEvery(HOURLY_MS, () => this.sweep(), this.logger, 'Sweeping pending payments failed');
  }

  sweep(): Promise<number> {
    return this.payments.sweepPendingPayments(this.config.get('PENDING_PAYMENT_SWEEP_HOURS', { infer: true }));
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
