import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DrawsModule } from '../draws/draws.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { BrandingController } from './api/branding.controller.js';
import { CertificatesController } from './api/certificates.controller.js';
import { BrandingService } from './application/branding.service.js';
import { BrandingUploadSweeper } from './application/branding-upload-sweeper.js';
import { CertificateFactsService } from './application/certificate-facts.service.js';
import { CertificateService } from './application/certificate.service.js';
import { BRANDING_REPOSITORY } from './certificates.tokens.js';
import { BrandingUploadOrmEntity, DrawBrandingOrmEntity } from './infrastructure/branding.orm-entity.js';
import { TypeormBrandingRepository } from './infrastructure/typeorm-branding.repository.js';

/** Certificates (PDF and public page data), their branding and its images (issue 10). */
@Module({
  imports: [DrawsModule, UploadsModule, TypeOrmModule.forFeature([DrawBrandingOrmEntity, BrandingUploadOrmEntity])],
  controllers: [CertificatesController, BrandingController],
  providers: [CertificateFactsService, CertificateService, BrandingService, BrandingUploadSweeper, { provide: BRANDING_REPOSITORY, useClass: TypeormBrandingRepository }],
  exports: [BrandingService],
})
export class CertificatesModule {}
