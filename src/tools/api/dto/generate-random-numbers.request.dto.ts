import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * The RNG request of part 2 §3. The fields are only allowed through here: every rule of part 2 §5 (types included)
 * is checked by libs/rules (generator-rules.ts), so the messages are those of the spec and of the page.
 */
export class GenerateRandomNumbersRequestDto {
  @ApiPropertyOptional({ enum: ['numbers', 'sequence'], default: 'numbers', description: 'numbers: count draws; sequence: every number of the range once, shuffled.' })
  @Allow()
  mode?: 'numbers' | 'sequence';

  @ApiPropertyOptional({
    type: Integer(),
    minimum: 1,
    maximum: 1_000_000,
    example: 10,
    description: 'How many numbers (mode numbers). The maximum is the site setting randomNumberRowsLimit (1,000,000 by default).',
  })
  @Allow()
  count?: number;

  @ApiProperty({ type: String, pattern: '^[0-9]{1,18}$', example: '1', description: 'Digits only, 0 to 999999999999999999.' })
  @Allow()
  lowerLimit: string;

  @ApiProperty({
    type: String,
    pattern: '^[0-9]{1,18}$',
    example: '100',
    description: 'Digits only, higher than lowerLimit, at most 999999999999999999. A sequence spans at most randomNumberRowsLimit numbers.',
  })
  @Allow()
  upperLimit: string;

  @ApiPropertyOptional({ enum: [0, 1, 2], default: 0, description: '0 random (the order drawn), 1 by value, 2 by frequency (grouped numbers only; otherwise it resets to random).' })
  @Allow()
  orderingOption?: 0 | 1 | 2;

  @ApiPropertyOptional({ enum: [0, 1], default: 0, description: '0 ascending, 1 descending (value and frequency orders).' })
  @Allow()
  orderingDirection?: 0 | 1;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Show each value once with how often it came up (ignored with uniqueOption).' })
  @Allow()
  groupingOption?: boolean;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'No value twice; the range must hold at least count numbers.' })
  @Allow()
  uniqueOption?: boolean;

  @ApiProperty({ type: String, minLength: 4, maxLength: 100, example: '3fa9c02be1d4a7c5', description: 'The same seed and options give the same numbers. GET /api/tools/seed gives a fresh one.' })
  @Allow()
  seed: string;

  @ApiPropertyOptional({ description: 'The human check widget response.' })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  recaptchaResponse?: string;
}

/** OpenAPI's integer (Swagger reads `type: 'integer'`). */
function Integer(): 'integer' {
  return 'integer';
}
