import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { ACCOUNT_MESSAGES } from '#rules';
import { IsAccountEmail } from './is-account-email.js';

export class LoginRequestDto {
  @ApiProperty()
  @IsAccountEmail()
  email: string;

  @ApiProperty()
  @IsString({ message: ACCOUNT_MESSAGES.password })
  password: string;

  @ApiPropertyOptional({ description: 'The human check widget response.' })
  @IsOptional()
  @IsString()
  recaptchaResponse?: string;
}
