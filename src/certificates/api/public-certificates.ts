import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { DrawQueryService, type DrawPublicVersion } from '../../draws/application/draw-query.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { type CachePolicy, drawCachePolicy, type PublicAnswer, type PublicCacheSettings, publicCacheSettings, publicJsonAnswer, VersionedCache } from '../../platform/http/public-answers.js';
import { BrandingService } from '../application/branding.service.js';
import { CertificateFactsService } from '../application/certificate-facts.service.js';
import { CertificateResponseDto, PublicBrandingDto } from './dto/certificate.response.dto.js';

const SHORT_CODE = /^[A-Z]{5}$/;

/** How many draws' public answers a process keeps (a certificate's JSON is some 2-100 kB). */
const DRAWS_KEPT = 500;

/** A draw's public answer for the draw's current public version, with the policy shared caches keep it by. */
export interface CurrentAnswer<T> {
  value: T;
  answer: PublicAnswer;
  policy: CachePolicy;
  /** The draw's id and public version: what the answer was made from. */
  tag: string;
}

/**
 * The public certificate of a short code: what GET /api/certificate/{shortCode} answers and what the certificate
 * page is rendered with on the server (src/platform/http/client-app.ts), so both always hold the same. Each process
 * keeps the answers of the draws last asked for, keyed by the draw's public version, read on every use (issue 26).
 */
@Injectable()
export class PublicCertificates {
  private readonly certificates = new VersionedCache<{ value: CertificateResponseDto; answer: PublicAnswer } | null>(DRAWS_KEPT);
  private readonly brandings = new VersionedCache<{ value: PublicBrandingDto; answer: PublicAnswer }>(DRAWS_KEPT);
  private readonly settings: PublicCacheSettings;

  constructor(
    private readonly facts: CertificateFactsService,
    private readonly branding: BrandingService,
    private readonly draws: DrawQueryService,
    @Inject(CLOCK) private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.settings = publicCacheSettings(config);
  }

  /** Null for a code that is not a draw's or a draft's (the API's 404). */
  async byShortCode(shortCode: string): Promise<CertificateResponseDto | null> {
    return (await this.current(shortCode))?.value ?? null;
  }

  /** The certificate's answer as of the draw's public version; null where the API answers 404. */
  async current(shortCode: string): Promise<CurrentAnswer<CertificateResponseDto> | null> {
    const version = SHORT_CODE.test(shortCode) ? await this.draws.publicVersion({ shortCode }) : null;
    if (!version) return null;
    const made = await this.certificates.get(
      shortCode,
      version.version,
      async () => {
        const found = await this.facts.byShortCode(shortCode);
        if (!found) return null;
        const value = CertificateResponseDto.from(found.facts, await this.branding.brandingOf(found.facts.drawId));
        return { value, answer: publicJsonAnswer(value) };
      },
      (value) => value !== null,
    );
    return made && this.withPolicy(made, version);
  }

  /** The branding of a draw's public pages as of its public version; null for an unknown code or a draft. */
  async currentBranding(shortCode: string): Promise<CurrentAnswer<PublicBrandingDto> | null> {
    const version = SHORT_CODE.test(shortCode) ? await this.draws.publicVersion({ shortCode }) : null;
    if (!version) return null;
    const made = await this.brandings.get(shortCode, version.version, async () => {
      const value = PublicBrandingDto.from(version.id, version.shortCode, await this.branding.brandingOf(version.id));
      return { value, answer: publicJsonAnswer(value) };
    });
    return this.withPolicy(made, version);
  }

  private withPolicy<T>(made: { value: T; answer: PublicAnswer }, version: DrawPublicVersion): CurrentAnswer<T> {
    return { ...made, policy: drawCachePolicy(version, this.clock.now(), this.settings), tag: `${version.id}:${version.version}` };
  }
}
