import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { ACCOUNT_MESSAGES, AGENCY_MAX_LENGTH, NAME_MAX_LENGTH } from '#rules';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#password-policy';
import { IsAcceptablePassword } from './is-acceptable-password.js';
import { IsAccountEmail } from './is-account-email.js';

export class RegisterRequestDto {
  @ApiProperty({ example: 'alex@agency.example' })
  @IsAccountEmail()
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsAcceptablePassword()
  password: string;

  @ApiProperty()
  // class-validator checks the bottom decorator first: presence before length.
  @MaxLength(NAME_MAX_LENGTH, { message: ACCOUNT_MESSAGES.firstNameTooLong })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.incomplete })
  @IsString({ message: ACCOUNT_MESSAGES.incomplete })
  firstName: string;

  @ApiProperty()
  @MaxLength(NAME_MAX_LENGTH, { message: ACCOUNT_MESSAGES.lastNameTooLong })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.incomplete })
  @IsString({ message: ACCOUNT_MESSAGES.incomplete })
  lastName: string;

  @ApiProperty({ description: 'Whether the person registers as an agent for another organisation.' })
  @IsBoolean({ message: ACCOUNT_MESSAGES.isAgent })
  isAgent: boolean;

  @ApiPropertyOptional({ description: "The agency's name; required when isAgent." })
  @ValidateIf((dto: RegisterRequestDto) => dto.isAgent === true)
  @MaxLength(AGENCY_MAX_LENGTH, { message: ACCOUNT_MESSAGES.agentOrganisationTooLong })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.agentOrganisation })
  @IsString({ message: ACCOUNT_MESSAGES.agentOrganisation })
  agentOrganisation?: string;

  @ApiProperty()
  @IsBoolean({ message: ACCOUNT_MESSAGES.incomplete })
  optedIntoCommunication: boolean;

  @ApiProperty({ description: 'Must be true: the terms and conditions are agreed.' })
  @Equals(true, { message: ACCOUNT_MESSAGES.terms })
  termsAgreed: boolean;

  @ApiPropertyOptional({ description: 'The human check widget response.' })
  @IsOptional()
  @IsString()
  recaptchaResponse?: string;
}
