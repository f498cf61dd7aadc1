import { ApiProperty } from '@nestjs/swagger';
import type { IssuedSeed } from '../../../platform/quantum-seed/quantum-seed.port.js';

export class SeedResponseDto {
  @ApiProperty({ example: '3fa9c02be1d4a7c5', description: '16 characters: lower-case hex from the quantum service, or 15 hex digits and * when made locally.' })
  seed: string;

  @ApiProperty({ enum: ['quantum', 'local'] })
  source: 'quantum' | 'local';

  static from(issued: IssuedSeed): SeedResponseDto {
    const dto = new SeedResponseDto();
    dto.seed = issued.seed;
    dto.source = issued.source;
    return dto;
  }
}
