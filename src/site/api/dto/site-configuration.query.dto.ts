import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { COUNTRY_CODES } from '../../domain/country.js';

export class SiteConfigurationQueryDto {
  @ApiPropertyOptional({ enum: COUNTRY_CODES, description: 'Country from the path prefix; else taken from the host name.' })
  @IsOptional()
  @IsIn(COUNTRY_CODES, { message: 'Unknown country.' })
  country?: string;
}
