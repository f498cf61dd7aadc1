import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { MessageResponseDto } from '../../platform/http/message.response.dto.js';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CallerRequest, callerOf, type CallerSource, OptionalUser, Source } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { DraftService } from '../application/draft.service.js';
import { CreateAccountAndLinkDrawRequestDto, IncompleteDrawQueryDto, IncompleteDrawResponseDto, SaveIncompleteDrawRequestDto } from './dto/draft.dto.js';
import { addressKey } from '../../platform/rate-limit/client-address.js';

/** Drafts of the wizard (saved, resumed with ?resume=<id>) and a visitor's draw given an account. */
@ApiTags('draw')
@Controller('api/draw')
export class DraftsController {
  constructor(private readonly drafts: DraftService) {}

  @Post('saveIncompleteDraw')
  @HttpCode(200)
  @ApiOperation({ operationId: 'saveIncompleteDraw', summary: "Save the wizard's state as a draft (kept 30 days)" })
  @ApiOkResponse({ type: IncompleteDrawResponseDto })
  async save(@Body() body: SaveIncompleteDrawRequestDto, @OptionalUser() user: User | undefined, @Source() source: CallerSource, @Req() request: CallerRequest): Promise<IncompleteDrawResponseDto> {
    const viewer = callerOf(user, body.clientSession, request);
    const id = await this.drafts.save(body.wizardState, body.name ?? '', body.organisation ?? '', viewer, source, body.id);
    return { id, wizardState: body.wizardState };
  }

  @Get('getIncompleteDraw')
  @ApiOperation({ operationId: 'getIncompleteDraw', summary: "A saved draft's wizard state, for its owner or the browser that saved it" })
  @ApiOkResponse({ type: IncompleteDrawResponseDto })
  async get(@Query() query: IncompleteDrawQueryDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<IncompleteDrawResponseDto> {
    const wizardState = (await this.drafts.get(query.id, callerOf(user, query.clientSession, request))) as Record<string, unknown>;
    return { id: query.id, wizardState };
  }

  @Post('createAccountAndLinkDraw')
  @HttpCode(200)
  @ApiOperation({ operationId: 'createAccountAndLinkDraw', summary: "Create an account for a visitor's draw; a link to choose a password is e-mailed" })
  @ApiOkResponse({ type: MessageResponseDto })
  async createAccountAndLink(@Body() body: CreateAccountAndLinkDrawRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<MessageResponseDto> {
    await this.drafts.createAccountAndLink(body.drawId, body.email, callerOf(user, body.clientSession, request), addressKey(request.ip));
    return MessageResponseDto.of('We have created your account and e-mailed you a link to choose its password.');
  }
}
