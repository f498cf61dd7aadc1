import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { ACCOUNT_MESSAGES } from '../../domain/account-rules.js';
import { IsAccountEmail } from './is-account-email.js';

/**
 * The wizard's account step: an existing e-mail logs in with its password; a new one registers, and then the
 * registration fields are required and checked like `register`'s.
 */
export class LoginOrRegisterRequestDto {
  @ApiProperty() @IsAccountEmail() email: string;
  @ApiProperty() @IsString({ message: ACCOUNT_MESSAGES.password }) password: string;
  @ApiPropertyOptional() @IsOptional() @IsString() firstName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() lastName?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isAgent?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() agentOrganisation?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() optedIntoCommunication?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() termsAgreed?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() recaptchaResponse?: string;
}
