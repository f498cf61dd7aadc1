import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { MessageResponseDto } from '../../platform/http/message.response.dto.js';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CallerRequest, callerOf, CurrentUser, OptionalUser, RequireUser } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { HumanCheckService } from '../../platform/human-check/human-check.service.js';
import { RateLimitService, type RateLimitPolicy } from '../../platform/rate-limit/rate-limit.service.js';
import { DrawLifecycleService } from '../application/draw-lifecycle.service.js';
import { ACTION_MESSAGES, lookupDisplayId } from '../domain/draw-actions.js';
import type { DrawSource, DrawState } from '../domain/draw.js';
import {
  DEFAULT_LIST_STATUSES,
  DrawActionRequestDto,
  DrawListItemDto,
  DrawListQueryDto,
  DrawListResponseDto,
  LookupRequestDto,
  LookupResponseDto,
  RescheduleRequestDto,
  SaveScrutineerRequestDto,
  ScrutineerDto,
} from './dto/draw-actions.dto.js';
import { addressKey } from '../../platform/rate-limit/client-address.js';

function actorOf(user: User | undefined): string {
  return user ? `${user.role === 'admin' ? 'admin' : 'user'} ${user.id}` : 'visitor';
}

@ApiTags('draw')
@Controller()
export class DrawActionsController {
  private readonly lookups: RateLimitPolicy;

  constructor(
    private readonly lifecycle: DrawLifecycleService,
    private readonly humanCheck: HumanCheckService,
    @Inject(CLOCK) private readonly clock: Clock,
    limits: RateLimitService,
  ) {
    // Display ids are 48 bits: guessing them at this pace finds nothing in a lifetime.
    this.lookups = limits.policy({ name: 'lookup-address', points: 60, windowSeconds: 3600, message: 'Too many lookups. Please try again in {seconds} seconds.' });
  }

  @Get('api/draw/getAll')
  @RequireUser()
  @ApiOperation({ operationId: 'getDraws', summary: 'Your draws: filters, sorting (RelevantDate descending by default) and pages of 10/25/50/100' })
  @ApiOkResponse({ type: DrawListResponseDto })
  async getAll(@Query() query: DrawListQueryDto, @CurrentUser() user: User): Promise<DrawListResponseDto> {
    const owner = query.userId && user.role === 'admin' ? query.userId : user.id;
    const apiAccess = user.apiEnabled || user.role === 'admin';
    const sources: DrawSource[] = [...(query.showWeb ? ['web' as const] : []), ...(apiAccess && query.showApi ? ['api' as const] : []), ...(apiAccess && query.showTest ? ['test' as const] : [])];
    const asked = (query.statuses ?? DEFAULT_LIST_STATUSES).split(',') as DrawState[];
    // Drafts are listed for API users only (the web wizard resumes its own drafts).
    const states = asked.filter((state) => state !== 'draft' || apiAccess);
    if (sources.length === 0 || states.length === 0) return { draws: [], total: 0 };
    const { draws, total } = await this.lifecycle.list({ ownerUserId: owner, sources, states, sortField: query.sortField, descending: query.descending, page: query.page, count: query.count });
    const now = this.clock.now();
    return { draws: draws.map((draw) => DrawListItemDto.from(draw, now)), total };
  }

  @Post('api/draw/cancel')
  @HttpCode(200)
  @ApiOperation({ operationId: 'cancelDraw', summary: 'Cancel a scheduled draw (until 1 s before its time); a spent credit is refunded' })
  @ApiOkResponse({ type: MessageResponseDto })
  async cancel(@Body() body: DrawActionRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<MessageResponseDto> {
    await this.lifecycle.cancel(body.id, callerOf(user, body.clientSession, request), actorOf(user));
    return MessageResponseDto.of('The draw has been cancelled.');
  }

  @Post('api/draw/reschedule')
  @HttpCode(200)
  @ApiOperation({ operationId: 'rescheduleDraw', summary: 'Move a scheduled draw to a future time, or draw it now (immediateDraw)' })
  @ApiOkResponse({ type: MessageResponseDto })
  async reschedule(@Body() body: RescheduleRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<MessageResponseDto> {
    const date = body.immediateDraw ? null : new Date(body.scheduleDate!);
    await this.lifecycle.reschedule(body.id, callerOf(user, body.clientSession, request), actorOf(user), date, body.scheduleTimezone ?? null);
    return MessageResponseDto.of(date ? 'The draw has been rescheduled.' : 'The draw has been drawn.');
  }

  @Post('api/draw/saveScrutineer')
  @HttpCode(200)
  @ApiOperation({ operationId: 'saveScrutineer', summary: "Add, change or remove (delete) the draw's scrutineer" })
  @ApiOkResponse({ type: MessageResponseDto })
  async saveScrutineer(@Body() body: SaveScrutineerRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<MessageResponseDto> {
    const fields = body.delete ? null : body.fields!;
    await this.lifecycle.saveScrutineer(
      body.drawId,
      callerOf(user, body.clientSession, request),
      actorOf(user),
      fields && {
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        emailAddress: fields.emailAddress.trim(),
        qualification: fields.qualification?.trim() || null,
        notes: fields.notes?.trim() || null,
      },
    );
    return MessageResponseDto.of(fields ? 'The scrutineer has been saved.' : 'The scrutineer has been removed.');
  }

  @Get('api/account/getScrutineerPrefills')
  @RequireUser()
  @ApiOperation({ operationId: 'getScrutineerPrefills', summary: 'Scrutineers of your earlier draws, to prefill the form' })
  @ApiOkResponse({ type: [ScrutineerDto] })
  async prefills(@CurrentUser() user: User): Promise<ScrutineerDto[]> {
    return (await this.lifecycle.scrutineerPrefills(user.id)).map((s) => ScrutineerDto.from(s, true));
  }

  @Post('api/draw/lookupbyid')
  @HttpCode(200)
  @ApiOperation({ operationId: 'lookupDraw', summary: 'Find a draw by its 12-digit display id (human check, rate limited)' })
  @ApiOkResponse({ type: LookupResponseDto })
  async lookup(@Body() body: LookupRequestDto, @Req() request: CallerRequest): Promise<LookupResponseDto> {
    const displayId = lookupDisplayId(body.lookupId);
    if (!displayId) throw new BadRequestException({ message: ACTION_MESSAGES.lookupInvalid, modelState: { lookupId: [ACTION_MESSAGES.lookupInvalid] } });
    await this.humanCheck.assertHuman(body.recaptchaResponse, request.ip);
    await this.lookups.consume(addressKey(request.ip));
    return this.lifecycle.lookup(displayId);
  }
}
