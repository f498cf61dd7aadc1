import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CallerRequest, callerOf, OptionalUser } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { MessageResponseDto } from '../../platform/http/message.response.dto.js';
import { sendPublicAnswer } from '../../platform/http/public-answers.js';
import { PublicationService } from '../application/publication.service.js';
import { PUBLICATION_MESSAGES } from '../domain/publication-rules.js';
import { ShortCodeQueryDto } from './dto/entry-check.dto.js';
import { DrawIdRequestDto, PublicationSetupResponseDto, PublicationSettingsDto, PublicWinnersResponseDto, PublishRequestDto } from './dto/publication.dto.js';
import { PublicPublicationAnswers } from './public-publication-answers.js';

@ApiTags('publication')
@Controller('api/draw')
export class PublicationController {
  constructor(
    private readonly publications: PublicationService,
    private readonly publicAnswers: PublicPublicationAnswers,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('publication')
  @HttpCode(200)
  @ApiOperation({ operationId: 'getPublication', summary: "The owner's publication setup: columns (blacklisted marked), prizes, example rows or first winners, current settings" })
  @ApiOkResponse({ type: PublicationSetupResponseDto })
  async setup(@Body() body: DrawIdRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<PublicationSetupResponseDto> {
    return PublicationSetupResponseDto.from(await this.publications.setup(body.id, callerOf(user, body.clientSession, request)), this.clock.now());
  }

  @Post('publish')
  @HttpCode(200)
  @ApiOperation({ operationId: 'publishWinners', summary: 'Publish the winners now or at a date after the draw: up to 4 named columns, chosen prizes' })
  @ApiOkResponse({ type: PublicationSettingsDto })
  async publish(@Body() body: PublishRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<PublicationSettingsDto> {
    const publication = await this.publications.publish(body.id, callerOf(user, body.clientSession, request), {
      columns: body.columns,
      names: body.names,
      prizes: body.prizes,
      truncated: body.truncated,
      upperCase: body.upperCase,
      entries: body.entries,
      publishNow: body.published,
      scheduleDate: body.published || !body.scheduleDate ? null : new Date(body.scheduleDate),
      countryCode: body.countryCode ?? null,
    });
    return PublicationSettingsDto.from(publication, this.clock.now());
  }

  @Post('unpublish')
  @HttpCode(200)
  @ApiOperation({ operationId: 'unpublishWinners', summary: 'Take the published winners down' })
  @ApiOkResponse({ type: MessageResponseDto })
  async unpublish(@Body() body: DrawIdRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<MessageResponseDto> {
    await this.publications.unpublish(body.id, callerOf(user, body.clientSession, request));
    return MessageResponseDto.of(PUBLICATION_MESSAGES.unpublished);
  }

  @Get('getPublicWinners')
  @ApiOperation({ operationId: 'getPublicWinners', summary: 'The public winners page of a draw (by short code): published columns of published prizes, once live' })
  @ApiOkResponse({ type: PublicWinnersResponseDto })
  @ApiNotFoundResponse({ description: "'The winners of this draw are not published.': no draw has the code (whatever its form), or its winners are not published." })
  async publicWinners(@Query() query: ShortCodeQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { answer, policy } = await this.publicAnswers.publicWinners(query.shortCode.toUpperCase());
    await sendPublicAnswer(request, reply, answer, policy);
  }
}
