import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CallerRequest, callerOf, OptionalUser } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { KEEPS_PUBLIC_CACHES } from '../../platform/database/notified-cache.js';
import { sendPublicAnswer } from '../../platform/http/public-answers.js';
import { addressKey } from '../../platform/rate-limit/client-address.js';
import { RateLimitService, type RateLimitPolicy } from '../../platform/rate-limit/rate-limit.service.js';
import { EntryCheckService } from '../application/entry-check.service.js';
import { ENTRY_CHECK_MESSAGES, ENTRY_CHECK_RATE_LIMIT } from '../domain/entry-check-rules.js';
import {
  CheckEntryRequestDto,
  CheckEntryResponseDto,
  EntryCheckQueryDto,
  EntryCheckSetupRequestDto,
  EntryCheckSetupResponseDto,
  EntryCheckStatusDto,
  PublicEntryCheckResponseDto,
  ShortCodeQueryDto,
} from './dto/entry-check.dto.js';
import { PublicPublicationAnswers } from './public-publication-answers.js';

@ApiTags('publication')
@Controller('api/draw')
export class EntryCheckController {
  private readonly checks: RateLimitPolicy;

  constructor(
    private readonly entryCheck: EntryCheckService,
    private readonly publicAnswers: PublicPublicationAnswers,
    limits: RateLimitService,
  ) {
    this.checks = limits.policy({ name: 'entry-check-address', ...ENTRY_CHECK_RATE_LIMIT, message: ENTRY_CHECK_MESSAGES.tooManyChecks });
  }

  @Get('getEntryCheck')
  @ApiOperation({ operationId: 'getEntryCheck', summary: "The owner's entry check setup: columns (blacklisted and entry count columns locked) and the check's state and progress" })
  @ApiOkResponse({ type: EntryCheckSetupResponseDto })
  async setup(@Query() query: EntryCheckQueryDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<EntryCheckSetupResponseDto> {
    return EntryCheckSetupResponseDto.from(await this.entryCheck.setup(query.id, callerOf(user, query.clientSession, request)));
  }

  @Post('entryCheckSetup')
  @HttpCode(200)
  @ApiOperation({ operationId: 'configureEntryCheck', summary: 'Enable the entry check on a column (processed as a job), change its name, or cancel it' })
  @ApiOkResponse({ type: EntryCheckStatusDto })
  async configure(@Body() body: EntryCheckSetupRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<EntryCheckStatusDto> {
    const viewer = callerOf(user, body.clientSession, request);
    if (body.cancelEntryCheck) {
      await this.entryCheck.cancel(body.drawId, viewer);
      return EntryCheckStatusDto.from((await this.entryCheck.setup(body.drawId, viewer)).check!);
    }
    const check = await this.entryCheck.configure(body.drawId, viewer, {
      columnIdx: body.columnIdx ?? null,
      columnName: body.columnName ?? '',
      showEntriesCount: body.showEntriesCount ?? false,
      countryCode: body.countryCode ?? null,
    });
    return EntryCheckStatusDto.from(check);
  }

  @Get('getPublicEntryCheck')
  @ApiOperation({ operationId: 'getPublicEntryCheck', summary: 'The public entry check page of a draw (by short code)' })
  @ApiOkResponse({ type: PublicEntryCheckResponseDto })
  @ApiNotFoundResponse({ description: "'The entry check is not available for this draw.': no draw has the code (whatever its form), or it offers no entry check." })
  async publicCheck(@Query() query: ShortCodeQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { answer, policy } = await this.publicAnswers.publicEntryCheck(query.shortCode.toUpperCase());
    await sendPublicAnswer(request, reply, answer, policy);
  }

  @Post('checkEntry')
  @HttpCode(200)
  // It writes only its rate limit's counter: the processes' public caches hold (issue 26).
  @RouteConfig({ [KEEPS_PUBLIC_CACHES]: true })
  @ApiOperation({
    operationId: 'checkEntry',
    summary: `Whether a value is in the draw (rate limited: ${ENTRY_CHECK_RATE_LIMIT.points} checks per ${ENTRY_CHECK_RATE_LIMIT.windowSeconds / 60} minutes per address)`,
  })
  @ApiOkResponse({ type: CheckEntryResponseDto })
  async check(@Body() body: CheckEntryRequestDto, @Req() request: CallerRequest): Promise<CheckEntryResponseDto> {
    return this.entryCheck.check(body.shortCode.toUpperCase(), body.value, this.checks.attemptBy(addressKey(request.ip)));
  }
}
