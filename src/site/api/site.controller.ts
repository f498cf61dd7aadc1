import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { SiteConfigurationService } from '../application/site-configuration.service.js';
import { SiteConfigurationQueryDto } from './dto/site-configuration.query.dto.js';
import { SiteConfigurationResponseDto } from './dto/site-configuration.response.dto.js';

@ApiTags('site')
@Controller('api/site')
export class SiteController {
  constructor(private readonly siteConfiguration: SiteConfigurationService) {}

  @Get('configuration')
  @ApiOperation({ operationId: 'getSiteConfiguration', summary: 'Site configuration delivered to the page' })
  @ApiOkResponse({ type: SiteConfigurationResponseDto })
  async configuration(
    @Query() query: SiteConfigurationQueryDto,
    @Req() request: FastifyRequest,
  ): Promise<SiteConfigurationResponseDto> {
    return SiteConfigurationResponseDto.from(await this.siteConfiguration.forRequest(query.country, request.hostname));
  }
}
