import { createReadStream } from 'node:fs';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { BrandingService } from '../application/branding.service.js';
import { CertificateFactsService } from '../application/certificate-facts.service.js';
import { FONT_FILES, fontPath } from '../application/certificate-fonts.js';
import { CertificateResponseDto, PublicBrandingDto } from './dto/certificate.response.dto.js';
import { PublicCertificates, SHORT_CODE } from './public-certificates.js';

const NOT_FOUND = 'Draw not found.';

/** The public certificate data (the /cert/{shortCode} pages) and the branding every branded public page uses. */
@ApiTags('certificate')
@Controller('api/certificate')
export class CertificatesController {
  constructor(
    private readonly facts: CertificateFactsService,
    private readonly branding: BrandingService,
    private readonly certificates: PublicCertificates,
  ) {}

  @Get('font/:font')
  @ApiExcludeEndpoint()
  async font(@Param('font') font: string, @Res() reply: FastifyReply): Promise<void> {
    const file = FONT_FILES[Number(font) as 0 | 1 | 2 | 3];
    if (!/^[0-3]$/.test(font) || !file) throw new NotFoundException({ message: 'File not found.' });
    await reply.header('Content-Type', 'font/ttf').header('Cache-Control', 'public, max-age=604800').send(createReadStream(fontPath(file)));
  }

  @Get(':shortCode')
  @ApiOperation({
    operationId: 'getCertificate',
    summary: 'The public certificate of a draw by its short code: facts, prizes, winners as entry numbers, hashes, seed and branding',
    description: 'No entrant data. This JSON document is what `npm run verify -- --draw-json` reads.',
  })
  @ApiOkResponse({ type: CertificateResponseDto })
  async get(@Param('shortCode') shortCode: string): Promise<CertificateResponseDto> {
    const certificate = await this.certificates.byShortCode(shortCode);
    if (!certificate) throw new NotFoundException({ message: NOT_FOUND });
    return certificate;
  }

  @Get(':shortCode/branding')
  @ApiOperation({ operationId: 'getPublicBranding', summary: 'The branding of a draw for its public pages (certificate, published winners, entry check)' })
  @ApiOkResponse({ type: PublicBrandingDto })
  async publicBranding(@Param('shortCode') shortCode: string): Promise<PublicBrandingDto> {
    if (!SHORT_CODE.test(shortCode)) throw new NotFoundException({ message: NOT_FOUND });
    const draw = await this.facts.drawByShortCode(shortCode);
    if (!draw) throw new NotFoundException({ message: NOT_FOUND });
    return PublicBrandingDto.from(draw.id, draw.shortCode, await this.branding.brandingOf(draw.id));
  }
}
