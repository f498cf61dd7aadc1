import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PriceService } from '../../billing/application/price.service.js';
import { isCurrency } from '../../billing/domain/pricing.js';
import { APP_VERSION } from '../../config/app-version.js';
import type { Environment } from '../../config/environment.js';
import { resolveCountry } from '../domain/country.js';
import type { SiteConfiguration } from '../domain/site-configuration.js';
import { mergeSiteSettings, type SiteSettings } from '../domain/site-settings.js';
import { ReviewsService } from './reviews.service.js';
import { TypeormSiteSettingRepository } from '../infrastructure/typeorm-site-setting.repository.js';

@Injectable()
export class SiteConfigurationService {
  constructor(
    private readonly config: ConfigService<Environment, true>,
    private readonly settings: TypeormSiteSettingRepository,
    private readonly prices: PriceService,
    private readonly reviews: ReviewsService,
  ) {}

  get version(): string {
    return APP_VERSION;
  }

  /** The limits in force now: what an administrator stored, else the configured defaults. */
  async currentSettings(): Promise<SiteSettings> {
    const defaults: SiteSettings = {
      uploadLimitMb: this.config.get('UPLOAD_LIMIT_MB', { infer: true }),
      winnersLimit: this.config.get('WINNERS_LIMIT', { infer: true }),
      randomNumberRowsLimit: this.config.get('RANDOM_NUMBER_ROWS_LIMIT', { infer: true }),
    };
    return mergeSiteSettings(defaults, await this.settings.loadStored());
  }

  private payments(): SiteConfiguration['payments'] {
    const stripePublishableKey = this.config.get('STRIPE_PUBLISHABLE_KEY', { infer: true }) ?? null;
    // The wallet is PayPal only with both halves of its credentials (the server's wallet gateway is chosen the same way).
    const paypalClientId = this.config.get('PAYPAL_SECRET', { infer: true }) ? (this.config.get('PAYPAL_CLIENT_ID', { infer: true }) ?? null) : null;
    return {
      stripePublishableKey,
      stripeJsUrl: stripePublishableKey ? this.config.get('STRIPE_JS_URL', { infer: true }) : null,
      paypalClientId,
      paypalSdkUrl: paypalClientId ? this.config.get('PAYPAL_SDK_URL', { infer: true }) : null,
    };
  }

  async forRequest(countryCode: string | undefined, host: string | undefined, currency?: string): Promise<SiteConfiguration> {
    const country = resolveCountry(countryCode, host);
    const prices = await this.prices.pricesFor(isCurrency(currency) ? currency : country.currency);
    return {
      version: APP_VERSION,
      environment: this.config.get('NODE_ENV', { infer: true }),
      ...(await this.currentSettings()),
      country,
      prices,
      recaptchaSiteKey: this.config.get('RECAPTCHA_SITE_KEY', { infer: true }) ?? null,
      thirdParty: {
        analyticsId: this.config.get('ANALYTICS_ID', { infer: true }) ?? null,
        chatWidgetUrl: this.config.get('CHAT_WIDGET_URL', { infer: true }) ?? null,
      },
      payments: this.payments(),
      reviewSummary: await this.reviews.summary(),
    };
  }
}
