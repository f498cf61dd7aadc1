import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { SiteConfigurationService } from '../application/site-configuration.service.js';

@ApiTags('site')
@Controller('api/version')
export class VersionController {
  constructor(private readonly siteConfiguration: SiteConfigurationService) {}

  @Get('get')
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({ operationId: 'getVersion', summary: 'The server version as a string (ts only defeats caches)' })
  @ApiQuery({ name: 'ts', required: false, type: String })
  @ApiOkResponse({ schema: { type: 'string', example: '0.1.0' } })
  get(@Query('ts') _ts?: string): string {
    // A JSON string, so that generated clients parse it like every other response.
    return JSON.stringify(this.siteConfiguration.version);
  }
}
