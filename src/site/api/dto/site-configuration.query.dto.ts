import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { COUNTRY_CODES } from '../../domain/country.js';

export class SiteConfigurationQueryDto {
  @ApiPropertyOptional({ enum: COUNTRY_CODES, description: 'Country from the path prefix; else taken from the host name.' })
  @IsOptional()
  @IsIn(COUNTRY_CODES, { message: 'Unknown country.' })
  country?: string;

  @ApiPropertyOptional({ enum: ['USD', 'AUD', 'CAD', 'NZD', 'GBP'], description: "The visitor's chosen payment currency; else the country's." })
  @IsOptional()
  @IsIn(['USD', 'AUD', 'CAD', 'NZD', 'GBP'], { message: 'Unknown currency.' })
  currency?: string;
}

/** Only the site's own preference cookies may be deleted this way (never the session). */
export const DELETABLE_COOKIES = ['currency', 'listconfig'] as const;

export class DeleteCookieQueryDto {
  @ApiProperty({ enum: DELETABLE_COOKIES })
  @IsIn(DELETABLE_COOKIES, { message: 'This cookie cannot be deleted here.' })
  delete: (typeof DELETABLE_COOKIES)[number];

  @ApiPropertyOptional({ description: 'Defeats caches.' })
  @IsOptional()
  @IsString()
  ts?: string;
}
