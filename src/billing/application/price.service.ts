import { Injectable } from '@nestjs/common';
import type { Currency, PriceSettings } from '../domain/pricing.js';
import { TypeormBillingRepository } from '../infrastructure/typeorm-billing.repository.js';

/** The spec's defaults "if server values are missing" (part 1 §9), in minor units. */
const DEFAULT_PRICES = { drawSingle: 5000, draw10: 30000, draw100: 200000 };

@Injectable()
export class PriceService {
  constructor(private readonly billing: TypeormBillingRepository) {}

  async pricesFor(currency: Currency): Promise<PriceSettings> {
    return (await this.billing.pricesFor(currency)) ?? { currency, ...DEFAULT_PRICES };
  }
}
