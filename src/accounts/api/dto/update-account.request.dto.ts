import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested, IsObject } from 'class-validator';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#password-policy';
import { ACCOUNT_MESSAGES, AGENCY_MAX_LENGTH, NAME_MAX_LENGTH } from '#rules';
import { IsOmittable } from '../../../platform/http/validators.js';
import { AddressDto } from './address.dto.js';
import { IsAcceptablePassword } from './is-acceptable-password.js';

export class UpdateAccountRequestDto {
  // class-validator checks the bottom (here: rightmost) decorator first.
  @ApiPropertyOptional()
  @IsOmittable()
  @MaxLength(NAME_MAX_LENGTH, { message: ACCOUNT_MESSAGES.firstNameTooLong })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.incomplete })
  @IsString()
  firstName?: string;
  @ApiPropertyOptional() @IsOmittable() @MaxLength(NAME_MAX_LENGTH, { message: ACCOUNT_MESSAGES.lastNameTooLong }) @IsNotEmpty({ message: ACCOUNT_MESSAGES.incomplete }) @IsString() lastName?: string;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean({ message: ACCOUNT_MESSAGES.isAgent }) isAgent?: boolean;

  @ApiPropertyOptional({ nullable: true, type: String })
  // Also without isAgent (an agent renaming the agency), when given: the account service trims it.
  @ValidateIf((dto: UpdateAccountRequestDto, value: unknown) => dto.isAgent === true || (dto.isAgent === undefined && value !== undefined && value !== null))
  @MaxLength(AGENCY_MAX_LENGTH, { message: ACCOUNT_MESSAGES.agentOrganisationTooLong })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.agentOrganisation })
  @IsString({ message: ACCOUNT_MESSAGES.agentOrganisation })
  agentOrganisation?: string | null;

  @ApiPropertyOptional() @IsOmittable() @IsBoolean() optedIntoCommunication?: boolean;

  @ApiPropertyOptional({ type: AddressDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address?: AddressDto;

  @ApiPropertyOptional({ description: 'Needed with newPassword.' })
  @ValidateIf((dto: UpdateAccountRequestDto) => dto.newPassword !== undefined)
  @IsString({ message: ACCOUNT_MESSAGES.currentPasswordWrong })
  currentPassword?: string;

  @ApiPropertyOptional({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsOmittable()
  @IsAcceptablePassword()
  newPassword?: string;
}
