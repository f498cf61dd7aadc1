import { Body, Controller, Get, Header, HttpCode, Inject, NotFoundException, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CallerRequest, callerOf, clientSessionOf, OptionalUser, Source } from '../../accounts/api/auth/caller.js';
import type { CallerSource } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { HumanCheckService } from '../../platform/human-check/human-check.service.js';
import { DraftService } from '../application/draft.service.js';
import { DrawQueryService } from '../application/draw-query.service.js';
import { SubmitDrawService } from '../application/submit-draw.service.js';
import { DrawResponseDto } from './dto/draw.response.dto.js';
import { DrawQueryDto, SubmitDrawRequestDto } from './dto/submit-draw.request.dto.js';
import { isDemoSubmission } from '../domain/draw-rules.js';
import { paymentChoiceOf } from '../../billing/domain/payment-choice.js';

@ApiTags('draw')
@Controller('api/draw')
export class DrawsController {
  constructor(
    private readonly submitDraw: SubmitDrawService,
    private readonly drawQuery: DrawQueryService,
    private readonly humanCheck: HumanCheckService,
    private readonly drafts: DraftService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('submitdraw')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({ operationId: 'submitDraw', summary: 'Create a draw from the wizard: checked, paid, then drawn now or scheduled. Answers the new draw id.' })
  @ApiOkResponse({ schema: { type: 'string', format: 'uuid' } })
  async submit(@Body() body: SubmitDrawRequestDto, @OptionalUser() user: User | undefined, @Source() source: CallerSource, @Req() request: CallerRequest): Promise<string> {
    const demo = isDemoSubmission({ demo: body.demoMode, paymentOption: body.paymentOption });
    if (demo) await this.humanCheck.assertHuman(body.recaptchaResponse, request.ip);
    const id = await this.submitDraw.submit(
      {
        name: body.name,
        organisation: body.organisation,
        demo,
        entryMethod: body.entryMethod,
        entriesCount: body.entriesCount,
        fileName: body.fileName,
        headerRow: body.headerRowsIncluded ?? false,
        entryCountColumn: body.entryCountColumn,
        uniqueEntrantIdColumn: body.entrantUniqueIdColumn,
        oneWinPerEntrant: body.oneWinPerEntrant ?? false,
        prizes: body.prizes.map((prize) => ({ description: prize.description ?? '', quantity: prize.quantity, reserves: prize.reserves })),
        paymentOption: body.paymentOption,
        scheduleDate: body.scheduleOption === 1 && body.scheduleDate ? new Date(body.scheduleDate) : null,
        scheduleTimeZone: body.scheduleTimezone ?? 'UTC',
        currency: body.currency ?? 'USD',
        payment: paymentChoiceOf(body),
        idempotencyKey: body.idempotencyKey,
      },
      { user, source: user ? source : 'web', clientSession: clientSessionOf(request, body.clientSession) },
    );
    // The draw exists now: its draft goes. A draft already gone (or not the caller's) must not fail the submission.
    if (body.draftId) await this.drafts.discard(body.draftId, callerOf(user, body.clientSession, request)).catch(() => undefined);
    // The spec's contract: the response is the new draw id (a JSON string).
    return JSON.stringify(id);
  }

  @Get('get')
  @ApiOperation({ operationId: 'getDraw', summary: 'A draw; its winners’ rows only for its owner' })
  @ApiOkResponse({ type: DrawResponseDto })
  async get(@Query() query: DrawQueryDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<DrawResponseDto> {
    const found = await this.drawQuery.find(query.id, callerOf(user, query.clientSession, request));
    if (!found) throw new NotFoundException({ message: 'Draw not found.' });
    return DrawResponseDto.from(found.draw, found.winners, found.isOwner, this.clock.now(), found.scrutineer);
  }
}
