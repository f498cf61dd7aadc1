import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from '../config/environment.js';
import { PUBLIC_SITE_CONFIGURATION_READER, type PublicSiteConfigurationReader } from '../platform/http/client-app.js';
import { SiteConfigurationResponseDto } from './api/dto/site-configuration.response.dto.js';
import { ContactController } from './api/contact.controller.js';
import { SiteController } from './api/site.controller.js';
import { VersionController } from './api/version.controller.js';
import { ContactService } from './application/contact.service.js';
import { ReviewsService } from './application/reviews.service.js';
import { SiteConfigurationService } from './application/site-configuration.service.js';
import { HelpContactOrmEntity } from './infrastructure/help-contact.orm-entity.js';
import { JsonFeedReviewSource } from './infrastructure/json-feed-review.source.js';
import { ReviewOrmEntity } from './infrastructure/review.orm-entity.js';
import { SiteSettingOrmEntity } from './infrastructure/site-setting.orm-entity.js';
import { TypeormHelpContactRepository } from './infrastructure/typeorm-help-contact.repository.js';
import { TypeormReviewSource } from './infrastructure/typeorm-review.source.js';
import { TypeormSiteSettingRepository } from './infrastructure/typeorm-site-setting.repository.js';
import { REVIEW_SOURCE } from './site.tokens.js';

@Module({
  imports: [TypeOrmModule.forFeature([SiteSettingOrmEntity, HelpContactOrmEntity, ReviewOrmEntity])],
  controllers: [SiteController, VersionController, ContactController],
  providers: [
    SiteConfigurationService,
    ContactService,
    ReviewsService,
    TypeormReviewSource,
    TypeormSiteSettingRepository,
    TypeormHelpContactRepository,
    {
      // Each country site's home page is rendered with the configuration its API answers (no host: the country decides).
      provide: PUBLIC_SITE_CONFIGURATION_READER,
      inject: [SiteConfigurationService],
      useFactory:
        (site: SiteConfigurationService): PublicSiteConfigurationReader =>
        async (country) =>
          JSON.stringify(SiteConfigurationResponseDto.from(await site.forRequest(country, undefined))),
    },
    {
      // A configured JSON feed replaces the review table.
      provide: REVIEW_SOURCE,
      inject: [ConfigService, TypeormReviewSource],
      useFactory: (config: ConfigService<Environment, true>, table: TypeormReviewSource) => {
        const feed = config.get('REVIEWS_FEED_URL', { infer: true });
        return feed ? new JsonFeedReviewSource(feed) : table;
      },
    },
  ],
  exports: [SiteConfigurationService, PUBLIC_SITE_CONFIGURATION_READER],
})
export class SiteModule {}
