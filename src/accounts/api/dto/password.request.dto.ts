import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#password-policy';
import { ACCOUNT_MESSAGES } from '#rules';
import { IsAcceptablePassword } from './is-acceptable-password.js';
import { IsAccountEmail } from './is-account-email.js';

export class ForgotPasswordRequestDto {
  @ApiProperty() @IsAccountEmail() email: string;
  @ApiPropertyOptional() @IsOptional() @IsString() recaptchaResponse?: string;
}

export class ResetPasswordRequestDto {
  @ApiProperty({ description: 'The token from the reset link.' })
  @IsString({ message: ACCOUNT_MESSAGES.resetTokenInvalid })
  @Length(16, 256, { message: ACCOUNT_MESSAGES.resetTokenInvalid })
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsAcceptablePassword()
  password: string;
}

export class CheckEmailQueryDto {
  @ApiProperty() @IsAccountEmail() email: string;
}

export class ConfirmEmailQueryDto {
  @ApiProperty() @IsString() @Length(16, 256) token: string;
}
