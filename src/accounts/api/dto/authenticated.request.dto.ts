import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { CLIENT_TOKEN_PATTERN } from '../../../platform/http/patterns.js';

export class AuthenticatedRequestDto {
  @ApiProperty({ description: 'The random id the client makes once per browser tab.' })
  @IsString()
  @Matches(CLIENT_TOKEN_PATTERN, { message: 'clientSession must be 8 to 64 letters, digits, - or _.' })
  clientSession: string;
}

export class AuthenticatedQueryDto {
  @ApiProperty({ required: false, description: 'Defeats caches.' })
  @IsOptional()
  @IsString()
  ts?: string;
}
