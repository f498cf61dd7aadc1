import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';

export class AuthenticatedRequestDto {
  @ApiProperty({ description: 'The random id the client makes once per browser tab.' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: 'clientSession must be 8 to 64 letters, digits, - or _.' })
  clientSession: string;
}

export class AuthenticatedQueryDto {
  @ApiProperty({ required: false, description: 'Defeats caches.' })
  @IsOptional()
  @IsString()
  ts?: string;
}
