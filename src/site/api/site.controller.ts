import { Controller, Get, HttpCode, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReviewsService } from '../application/reviews.service.js';
import { SiteConfigurationService } from '../application/site-configuration.service.js';
import { DeleteCookieQueryDto, SiteConfigurationQueryDto } from './dto/site-configuration.query.dto.js';
import { ReviewListResponseDto } from './dto/reviews.response.dto.js';
import { SiteConfigurationResponseDto } from './dto/site-configuration.response.dto.js';

@ApiTags('site')
@Controller('api/site')
export class SiteController {
  constructor(
    private readonly siteConfiguration: SiteConfigurationService,
    private readonly reviewList: ReviewsService,
  ) {}

  @Get('reviews')
  @ApiOperation({ operationId: 'getReviews', summary: 'Customer reviews from the configured source, newest first' })
  @ApiOkResponse({ type: ReviewListResponseDto })
  async reviews(): Promise<ReviewListResponseDto> {
    return ReviewListResponseDto.from(await this.reviewList.list());
  }

  @Get('configuration')
  @ApiOperation({ operationId: 'getSiteConfiguration', summary: 'Site configuration delivered to the page' })
  @ApiOkResponse({ type: SiteConfigurationResponseDto })
  async configuration(@Query() query: SiteConfigurationQueryDto, @Req() request: FastifyRequest): Promise<SiteConfigurationResponseDto> {
    return SiteConfigurationResponseDto.from(await this.siteConfiguration.forRequest(query.country, request.hostname, query.currency));
  }

  @Get('deleteCookie')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteCookie', summary: "The cookie script path: deletes one of the site's own preference cookies" })
  deleteCookie(@Query() query: DeleteCookieQueryDto, @Res({ passthrough: true }) reply: FastifyReply): void {
    void reply.clearCookie(query.delete, { path: '/' });
  }
}
