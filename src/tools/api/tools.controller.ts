import { Body, Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { HumanCheckService } from '../../platform/human-check/human-check.service.js';
import { RandomNumbersService } from '../application/random-numbers.service.js';
import { SeedService } from '../application/seed.service.js';
import { GenerateRandomNumbersRequestDto } from './dto/generate-random-numbers.request.dto.js';
import { GenerateRandomNumbersResponseDto } from './dto/generate-random-numbers.response.dto.js';
import { SeedResponseDto } from './dto/seed.response.dto.js';
import { addressKey } from '../../platform/rate-limit/client-address.js';

@ApiTags('tools')
@Controller('api/tools')
export class ToolsController {
  constructor(
    private readonly numbers: RandomNumbersService,
    private readonly seeds: SeedService,
    private readonly humanCheck: HumanCheckService,
  ) {}

  @Post('GenerateRandomNumbers')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'generateRandomNumbers',
    summary: 'Random numbers or a random sequence (at most one request per visitor every 5 s); the whole result downloads as CSV or TXT',
  })
  @ApiOkResponse({ type: GenerateRandomNumbersResponseDto })
  @ApiBadRequestResponse({ description: 'A rule of part 2 §5 is broken (modelState names the field), or the human check failed.' })
  @ApiTooManyRequestsResponse({ description: 'Another request from this visitor less than 5 s ago (Retry-After says how long to wait).' })
  async generate(@Body() body: GenerateRandomNumbersRequestDto, @Req() request: FastifyRequest): Promise<GenerateRandomNumbersResponseDto> {
    const { recaptchaResponse, ...input } = body;
    const checked = await this.numbers.check(input);
    await this.humanCheck.assertHuman(recaptchaResponse, request.ip);
    return GenerateRandomNumbersResponseDto.from(await this.numbers.generate(checked, addressKey(request.ip)));
  }

  @Get('seed')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getSeed',
    summary: 'A fresh seed from the quantum random numbers service, or a local one ending in * when it is unavailable (one per visitor every 5 s)',
  })
  @ApiOkResponse({ type: SeedResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Another seed was requested less than 5 s ago.' })
  async seed(@Req() request: FastifyRequest): Promise<SeedResponseDto> {
    return SeedResponseDto.from(await this.seeds.issue(addressKey(request.ip)));
  }
}
