import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { IsOmittable } from '../../../platform/http/validators.js';
import { ACCOUNT_MESSAGES } from '#rules';
import { IsAccountEmail } from './is-account-email.js';

/**
 * The wizard's account step: an existing e-mail logs in with its password; a new one registers, and then the
 * registration fields are required and checked like `register`'s.
 */
export class LoginOrRegisterRequestDto {
  @ApiProperty() @IsAccountEmail() email: string;
  @ApiProperty() @IsString({ message: ACCOUNT_MESSAGES.password }) password: string;
  @ApiPropertyOptional() @IsOmittable() @IsString() firstName?: string;
  @ApiPropertyOptional() @IsOmittable() @IsString() lastName?: string;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() isAgent?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() agentOrganisation?: string;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() optedIntoCommunication?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() termsAgreed?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() recaptchaResponse?: string;
}
