import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteController } from './api/site.controller.js';
import { VersionController } from './api/version.controller.js';
import { SiteConfigurationService } from './application/site-configuration.service.js';
import { SiteSettingOrmEntity } from './infrastructure/site-setting.orm-entity.js';
import { TypeormSiteSettingRepository } from './infrastructure/typeorm-site-setting.repository.js';
import { SITE_SETTING_REPOSITORY } from './site.tokens.js';

@Module({
  imports: [TypeOrmModule.forFeature([SiteSettingOrmEntity])],
  controllers: [SiteController, VersionController],
  providers: [SiteConfigurationService, { provide: SITE_SETTING_REPOSITORY, useClass: TypeormSiteSettingRepository }],
  exports: [SiteConfigurationService],
})
export class SiteModule {}
