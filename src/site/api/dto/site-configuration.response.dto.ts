import { ApiProperty } from '@nestjs/swagger';
import type { SiteConfiguration } from '../../domain/site-configuration.js';

export class ReviewSummaryDto {
  @ApiProperty({ example: 5 }) rating: number;
  @ApiProperty({ example: 33 }) count: number;
}

export class SitePricesDto {
  @ApiProperty({ enum: ['USD', 'AUD', 'CAD', 'NZD', 'GBP'] }) currency: string;
  @ApiProperty({ description: 'One draw, minor units' }) drawSingle: number;
  @ApiProperty({ description: 'Pack of 10 credits, minor units' }) draw10: number;
  @ApiProperty({ description: 'Pack of 100 credits, minor units' }) draw100: number;
}

export class ThirdPartyServicesDto {
  @ApiProperty({ type: String, nullable: true, description: 'Google Analytics 4 measurement id; null: no analytics script loads.' }) analyticsId: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Chat widget script; null: no chat widget loads.' }) chatWidgetUrl: string | null;
}

export class PaymentProvidersDto {
  @ApiProperty({ type: String, nullable: true, description: "Stripe's publishable key; null: the built-in test checkout (no money moves)." }) stripePublishableKey: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Where Stripe.js loads from; null without a publishable key.' }) stripeJsUrl: string | null;
  @ApiProperty({ type: String, nullable: true, description: "PayPal's client id; null: the built-in test wallet (no money moves)." }) paypalClientId: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Where PayPal's JS SDK loads from; null without a client id." }) paypalSdkUrl: string | null;
}

export class SiteConfigurationResponseDto {
  @ApiProperty({ description: 'Server version; the client hard-reloads when it differs from its own.' })
  version: string;

  @ApiProperty({ enum: ['production', 'development', 'test'] })
  environment: 'production' | 'development' | 'test';

  @ApiProperty({ description: 'Largest entries file accepted, in MB.', example: 300 })
  uploadLimitMb: number;

  @ApiProperty({ description: 'Most winners (prizes plus reserves) one draw may have.', example: 1_000_000 })
  winnersLimit: number;

  @ApiProperty({ description: 'Most results one random number request may return.', example: 1_000_000 })
  randomNumberRowsLimit: number;

  @ApiProperty({ enum: ['us', 'au', 'ca', 'nz', 'uk'] })
  countryCode: string;

  @ApiProperty({ example: 'United States' })
  countryName: string;

  @ApiProperty({ enum: ['USD', 'AUD', 'CAD', 'NZD', 'GBP'] })
  currency: string;

  @ApiProperty({ type: ReviewSummaryDto })
  reviewSummary: ReviewSummaryDto;

  @ApiProperty({ type: SitePricesDto })
  prices: SitePricesDto;

  @ApiProperty({ type: String, nullable: true, description: "The human check widget's site key; null when the check is offline." })
  recaptchaSiteKey: string | null;

  @ApiProperty({ type: ThirdPartyServicesDto })
  thirdParty: ThirdPartyServicesDto;

  @ApiProperty({ type: PaymentProvidersDto })
  payments: PaymentProvidersDto;

  static from(configuration: SiteConfiguration): SiteConfigurationResponseDto {
    const dto = new SiteConfigurationResponseDto();
    dto.version = configuration.version;
    dto.environment = configuration.environment;
    dto.uploadLimitMb = configuration.uploadLimitMb;
    dto.winnersLimit = configuration.winnersLimit;
    dto.randomNumberRowsLimit = configuration.randomNumberRowsLimit;
    dto.countryCode = configuration.country.code;
    dto.countryName = configuration.country.name;
    dto.currency = configuration.country.currency;
    dto.reviewSummary = { rating: configuration.reviewSummary.rating, count: configuration.reviewSummary.count };
    const { currency, drawSingle, draw10, draw100 } = configuration.prices;
    dto.prices = { currency, drawSingle, draw10, draw100 };
    dto.recaptchaSiteKey = configuration.recaptchaSiteKey;
    dto.thirdParty = { analyticsId: configuration.thirdParty.analyticsId, chatWidgetUrl: configuration.thirdParty.chatWidgetUrl };
    dto.payments = { ...configuration.payments };
    return dto;
  }
}
