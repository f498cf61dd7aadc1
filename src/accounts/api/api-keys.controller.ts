import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { MessageResponseDto } from '../../platform/http/message.response.dto.js';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyService } from '../application/api-key.service.js';
import type { User } from '../domain/user.js';
import { CurrentUser, RequireSession } from './auth/caller.js';
import { ApiKeyResponseDto, CreateApiKeyRequestDto, CreatedApiKeyResponseDto, RevokeApiKeyRequestDto } from './dto/api-key.dto.js';

/** API keys of apiEnabled users, managed from a browser session only. */
@ApiTags('account')
@Controller('api/account')
@RequireSession()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeyService) {}

  @Get('getApiKeys')
  @ApiOperation({ operationId: 'getApiKeys', summary: 'Your API keys (never the keys themselves)' })
  @ApiOkResponse({ type: [ApiKeyResponseDto] })
  async list(@CurrentUser() user: User): Promise<ApiKeyResponseDto[]> {
    return (await this.apiKeys.list(user)).map((key) => ApiKeyResponseDto.from(key));
  }

  @Post('createApiKey')
  @ApiOperation({ operationId: 'createApiKey', summary: 'A new live or test key, shown once' })
  @ApiOkResponse({ type: CreatedApiKeyResponseDto })
  @HttpCode(200)
  async create(@Body() body: CreateApiKeyRequestDto, @CurrentUser() user: User): Promise<CreatedApiKeyResponseDto> {
    const { key, apiKey } = await this.apiKeys.create(user, body.kind);
    return { key, apiKey: ApiKeyResponseDto.from(apiKey) };
  }

  @Post('revokeApiKey')
  @ApiOperation({ operationId: 'revokeApiKey', summary: 'Revoke a key: it stops working at once' })
  @ApiOkResponse({ type: MessageResponseDto })
  @HttpCode(200)
  async revoke(@Body() body: RevokeApiKeyRequestDto, @CurrentUser() user: User): Promise<MessageResponseDto> {
    await this.apiKeys.revoke(user, body.id);
    return MessageResponseDto.of('The API key has been revoked.');
  }
}
