import { DrawLogModule } from '../draw-log/draw-log.module.js';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PUBLIC_CERTIFICATE_READER, type PublicCertificateReader } from '../platform/http/client-app.js';
import { DrawsModule } from '../draws/draws.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { BrandingController } from './api/branding.controller.js';
import { CertificatesController } from './api/certificates.controller.js';
import { PublicCertificates } from './api/public-certificates.js';
import { BrandingService } from './application/branding.service.js';
import { BrandingUploadSweeper } from './application/branding-upload-sweeper.js';
import { CertificateFactsService } from './application/certificate-facts.service.js';
import { CertificateService } from './application/certificate.service.js';
import { BrandingUploadOrmEntity, DrawBrandingOrmEntity } from './infrastructure/branding.orm-entity.js';
import { TypeormBrandingRepository } from './infrastructure/typeorm-branding.repository.js';

/** Certificates (PDF and public page data), their branding and its images (issue 10). */
@Module({
  imports: [DrawsModule, UploadsModule, DrawLogModule, TypeOrmModule.forFeature([DrawBrandingOrmEntity, BrandingUploadOrmEntity])],
  controllers: [CertificatesController, BrandingController],
  providers: [
    CertificateFactsService,
    CertificateService,
    BrandingService,
    BrandingUploadSweeper,
    TypeormBrandingRepository,
    PublicCertificates,
    // The server-rendered certificate page reads what the API answers (src/bootstrap/create-app.ts).
    {
      provide: PUBLIC_CERTIFICATE_READER,
      useFactory:
        (certificates: PublicCertificates): PublicCertificateReader =>
        (code) =>
          certificates.current(code),
      inject: [PublicCertificates],
    },
  ],
  exports: [BrandingService],
})
export class CertificatesModule {}
