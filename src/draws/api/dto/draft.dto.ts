import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsAccountEmail } from '../../../accounts/api/dto/is-account-email.js';
import { UUID_PATTERN, CLIENT_TOKEN_PATTERN } from '../../../platform/http/patterns.js';

export class SaveIncompleteDrawRequestDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Save over this draft.' }) @IsOptional() @Matches(UUID_PATTERN, { message: 'Draft not found.' }) id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) organisation?: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The wizard's state, returned as saved." }) @IsObject() wizardState: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
}

export class IncompleteDrawQueryDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Draft not found.' }) id: string;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
}

export class IncompleteDrawResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) wizardState: Record<string, unknown>;
}

export class CreateAccountAndLinkDrawRequestDto {
  @ApiProperty() @IsAccountEmail() email: string;
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Draw not found.' }) drawId: string;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
}
