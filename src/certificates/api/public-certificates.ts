import { Injectable } from '@nestjs/common';
import { BrandingService } from '../application/branding.service.js';
import { CertificateFactsService } from '../application/certificate-facts.service.js';
import { CertificateResponseDto } from './dto/certificate.response.dto.js';

export const SHORT_CODE = /^[A-Z]{5}$/;

/**
 * The public certificate of a short code: what GET /api/certificate/{shortCode} answers and what the certificate
 * page is rendered with on the server (src/platform/http/client-app.ts), so both always hold the same.
 */
@Injectable()
export class PublicCertificates {
  constructor(
    private readonly facts: CertificateFactsService,
    private readonly branding: BrandingService,
  ) {}

  /** Null for a code that is not a draw's or a draft's (the API's 404). */
  async byShortCode(shortCode: string): Promise<CertificateResponseDto | null> {
    if (!SHORT_CODE.test(shortCode)) return null;
    const found = await this.facts.byShortCode(shortCode);
    return found ? CertificateResponseDto.from(found.facts, await this.branding.brandingOf(found.facts.drawId)) : null;
  }
}
