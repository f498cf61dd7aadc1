import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CallerRequest, OptionalUser } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { HumanCheckService } from '../../platform/human-check/human-check.service.js';
import { RateLimitService, type RateLimitPolicy } from '../../platform/rate-limit/rate-limit.service.js';
import { ContactService } from '../application/contact.service.js';
import { resolveCountry } from '../domain/country.js';
import { CreateHelpContactRequestDto, CreateHelpContactResponseDto } from './dto/help-contact.dto.js';
import { addressKey } from '../../platform/rate-limit/client-address.js';

@ApiTags('contact')
@Controller('api/Contact')
export class ContactController {
  private readonly perAddress: RateLimitPolicy;

  constructor(
    private readonly contacts: ContactService,
    private readonly humanCheck: HumanCheckService,
    limits: RateLimitService,
  ) {
    // A person writes a few messages an hour; more from one address is a script filling the support inbox.
    this.perAddress = limits.policy({ name: 'contact-address', points: 10, windowSeconds: 3600, message: 'Too many messages. Please try again in {seconds} seconds.' });
  }

  @Post('CreateHelpContact')
  @HttpCode(200)
  @ApiOperation({ operationId: 'createHelpContact', summary: 'The contact form: the message is stored, mailed to support and acknowledged to the sender' })
  @ApiOkResponse({ type: CreateHelpContactResponseDto })
  async create(@Body() body: CreateHelpContactRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<CreateHelpContactResponseDto> {
    await this.perAddress.consume(addressKey(request.ip));
    await this.humanCheck.assertHuman(body.recaptchaResponse, request.ip);
    const contact = await this.contacts.create({
      name: body.name,
      email: body.email.toLowerCase(),
      organisation: body.organisation ?? null,
      phone: body.phone ?? null,
      topic: body.topic,
      drawId: body.drawId?.toLowerCase() ?? null,
      message: body.message,
      countryCode: resolveCountry(body.country, request.hostname).code,
      userId: user?.id ?? null,
    });
    return CreateHelpContactResponseDto.from(contact);
  }
}
