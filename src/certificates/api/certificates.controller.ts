import { createReadStream } from 'node:fs';
import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPublicAnswer } from '../../platform/http/public-answers.js';
import { FONT_FILES, fontPath } from '../application/certificate-fonts.js';
import { CertificateResponseDto, PublicBrandingDto } from './dto/certificate.response.dto.js';
import { PublicCertificates } from './public-certificates.js';

const NOT_FOUND = 'Draw not found.';

/** The public certificate data (the /cert/{shortCode} pages) and the branding every branded public page uses. */
@ApiTags('certificate')
@Controller('api/certificate')
export class CertificatesController {
  constructor(private readonly certificates: PublicCertificates) {}

  @Get('font/:font')
  @ApiExcludeEndpoint()
  async font(@Param('font') font: string, @Res() reply: FastifyReply): Promise<void> {
    const file = FONT_FILES[Number(font) as 0 | 1 | 2 | 3];
    if (!/^[0-3]$/.test(font) || !file) throw new NotFoundException({ message: 'File not found.' });
    await reply
      .header('Content-Type', 'font/ttf')
      .header('Cache-Control', 'public, max-age=604800')
      .send(createReadStream(fontPath(file)));
  }

  @Get(':shortCode')
  @ApiOperation({
    operationId: 'getCertificate',
    summary: 'The public certificate of a draw by its short code: facts, prizes, winners as entry numbers, hashes, seed and branding',
    description: 'No entrant data. This JSON document is what `npm run verify -- --draw-json` reads.',
  })
  @ApiOkResponse({ type: CertificateResponseDto })
  @ApiNotFoundResponse({ description: "'Draw not found.': no draw has the code (whatever its form)." })
  async get(@Param('shortCode') shortCode: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.certificates.current(shortCode);
    if (!current) throw new NotFoundException({ message: NOT_FOUND });
    await sendPublicAnswer(request, reply, current.answer, current.policy);
  }

  @Get(':shortCode/branding')
  @ApiOperation({ operationId: 'getPublicBranding', summary: 'The branding of a draw for its public pages (certificate, published winners, entry check)' })
  @ApiOkResponse({ type: PublicBrandingDto })
  async publicBranding(@Param('shortCode') shortCode: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.certificates.currentBranding(shortCode);
    if (!current) throw new NotFoundException({ message: NOT_FOUND });
    await sendPublicAnswer(request, reply, current.answer, current.policy);
  }
}
