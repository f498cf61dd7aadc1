import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { Address } from '../../domain/user.js';

export class AddressDto {
  @ApiPropertyOptional({ nullable: true, type: String }) @IsOptional() @IsString() @MaxLength(200) lineOne: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) @IsOptional() @IsString() @MaxLength(200) lineTwo: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) @IsOptional() @IsString() @MaxLength(100) city: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) @IsOptional() @IsString() @MaxLength(100) state: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) @IsOptional() @IsString() @MaxLength(20) postcode: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'ISO 3166-1 alpha-2, e.g. AU' })
  @IsOptional()
  @Matches(/^[A-Z]{2}$/, { message: 'Please choose a country.' })
  countryCode: string | null;

  static from(address: Address): AddressDto {
    const dto = new AddressDto();
    dto.lineOne = address.lineOne;
    dto.lineTwo = address.lineTwo;
    dto.city = address.city;
    dto.state = address.state;
    dto.postcode = address.postcode;
    dto.countryCode = address.countryCode;
    return dto;
  }

  toDomain(): Address {
    const clean = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
    return {
      lineOne: clean(this.lineOne),
      lineTwo: clean(this.lineTwo),
      city: clean(this.city),
      state: clean(this.state),
      postcode: clean(this.postcode),
      countryCode: clean(this.countryCode),
    };
  }
}
