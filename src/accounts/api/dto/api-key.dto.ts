import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import type { ApiKey, ApiKeyKind } from '../../domain/api-key.js';

export class ApiKeyResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['live', 'test'] }) kind: ApiKeyKind;
  @ApiProperty({ description: 'The first characters of the key.' }) prefix: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastUsedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) revokedAt: string | null;

  static from(key: ApiKey): ApiKeyResponseDto {
    const dto = new ApiKeyResponseDto();
    dto.id = key.id;
    dto.kind = key.kind;
    dto.prefix = key.prefix;
    dto.createdAt = key.createdAt.toISOString();
    dto.lastUsedAt = key.lastUsedAt?.toISOString() ?? null;
    dto.revokedAt = key.revokedAt?.toISOString() ?? null;
    return dto;
  }
}

export class CreatedApiKeyResponseDto {
  @ApiProperty({ description: 'The key itself, shown this once: store it now.' }) key: string;
  @ApiProperty({ type: ApiKeyResponseDto }) apiKey: ApiKeyResponseDto;
}

export class CreateApiKeyRequestDto {
  @ApiProperty({ enum: ['live', 'test'] })
  @IsIn(['live', 'test'], { message: 'Choose a live or a test key.' })
  kind: ApiKeyKind;
}

export class RevokeApiKeyRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'API key not found.' })
  id: string;
}
