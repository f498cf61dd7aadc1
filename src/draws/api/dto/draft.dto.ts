import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsAccountEmail } from '../../../accounts/api/dto/is-account-email.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class SaveIncompleteDrawRequestDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Save over this draft.' }) @IsOptional() @Matches(UUID, { message: 'Draft not found.' }) id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) organisation?: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The wizard's state, returned as saved." }) @IsObject() wizardState: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @Matches(/^[A-Za-z0-9_-]{8,64}$/) clientSession?: string;
}

export class IncompleteDrawQueryDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID, { message: 'Draft not found.' }) id: string;
  @ApiPropertyOptional() @IsOptional() @Matches(/^[A-Za-z0-9_-]{8,64}$/) clientSession?: string;
}

export class IncompleteDrawResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) wizardState: Record<string, unknown>;
}

export class CreateAccountAndLinkDrawRequestDto {
  @ApiProperty() @IsAccountEmail() email: string;
  @ApiProperty({ format: 'uuid' }) @Matches(UUID, { message: 'Draw not found.' }) drawId: string;
  @ApiPropertyOptional() @IsOptional() @Matches(/^[A-Za-z0-9_-]{8,64}$/) clientSession?: string;
}
