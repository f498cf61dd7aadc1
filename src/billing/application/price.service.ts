import { Inject, Injectable } from '@nestjs/common';
import { BILLING_REPOSITORY } from '../billing.tokens.js';
import type { Currency, PriceSettings } from '../domain/pricing.js';
import type { BillingRepository } from './ports/billing.repository.port.js';

/** The spec's defaults "if server values are missing" (part 1 §9), in minor units. */
const DEFAULT_PRICES = { drawSingle: 5000, draw10: 30000, draw100: 200000 };

@Injectable()
export class PriceService {
  constructor(@Inject(BILLING_REPOSITORY) private readonly billing: BillingRepository) {}

  async pricesFor(currency: Currency): Promise<PriceSettings> {
    return (await this.billing.pricesFor(currency)) ?? { currency, ...DEFAULT_PRICES };
  }
}
