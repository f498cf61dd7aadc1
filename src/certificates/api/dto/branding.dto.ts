import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateNested, IsObject } from 'class-validator';
import { IsSafeInt } from '../../../platform/http/validators.js';
import { CLIENT_TOKEN_PATTERN, UUID_PATTERN } from '../../../platform/http/patterns.js';
import { type Branding, type BrandingImage, IMAGE_EXTENSIONS, IMAGE_SLOTS, type ImageSlot, LOGO_OPTIONS, serialiseBranding } from '#rules';
import { BrandingMessages } from '../../domain/branding.js';

const HEX = /^#[0-9A-Fa-f]{6}$/;

export class BrandingImageDto {
  @ApiProperty({ description: "The image's file name as the customer knew it; '.' is the slot's default image (none)." }) @IsString() @MaxLength(200) fileName: string;
  @ApiPropertyOptional({ enum: IMAGE_EXTENSIONS, nullable: true, type: String }) @IsOptional() @IsIn(IMAGE_EXTENSIONS) extension?: 'png' | 'jpg' | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'A new image: the serverFileName answered by /api/upload/branding.' })
  @IsOptional()
  @Matches(/^[0-9a-f]{32}$/, { message: 'This image is not available: upload it again.' })
  serverFileName?: string | null;
}

export class BrandingImagesDto {
  @ApiPropertyOptional({ type: BrandingImageDto, nullable: true }) @IsOptional() @IsObject() @ValidateNested() @Type(() => BrandingImageDto) Top?: BrandingImageDto | null;
  @ApiPropertyOptional({ type: BrandingImageDto, nullable: true }) @IsOptional() @IsObject() @ValidateNested() @Type(() => BrandingImageDto) Left?: BrandingImageDto | null;
  @ApiPropertyOptional({ type: BrandingImageDto, nullable: true }) @IsOptional() @IsObject() @ValidateNested() @Type(() => BrandingImageDto) Banner?: BrandingImageDto | null;
  @ApiPropertyOptional({ type: BrandingImageDto, nullable: true }) @IsOptional() @IsObject() @ValidateNested() @Type(() => BrandingImageDto) Right?: BrandingImageDto | null;
}

/** The branding of part 2 §3: colours as '#RRGGBB', font 0 Roboto Slab, 1 Roboto, 2 Bebas Neue, 3 Poetsen One. */
export class BrandingDto {
  @ApiProperty({ example: '#333333' }) @Matches(HEX, { message: BrandingMessages.colour }) borderTopColour: string;
  @ApiProperty({ example: '#333333' }) @Matches(HEX, { message: BrandingMessages.colour }) borderBottomColour: string;
  @ApiProperty({ example: '#DDDDDD' }) @Matches(HEX, { message: BrandingMessages.colour }) backgroundColour: string;
  @ApiProperty({ example: '#FFFFFF' }) @Matches(HEX, { message: BrandingMessages.colour }) pageColour: string;
  @ApiProperty({ example: '#111111' }) @Matches(HEX, { message: BrandingMessages.colour }) textColour: string;
  @ApiProperty({ example: '#111111' }) @Matches(HEX, { message: BrandingMessages.colour }) logoColour: string;
  @ApiProperty({ enum: [0, 1, 2, 3] }) @IsSafeInt({ message: BrandingMessages.font }) @IsIn([0, 1, 2, 3], { message: BrandingMessages.font }) font: 0 | 1 | 2 | 3;
  @ApiProperty() @IsBoolean() borderTopVisible: boolean;
  @ApiProperty() @IsBoolean() borderBottomVisible: boolean;
  @ApiProperty({ enum: LOGO_OPTIONS }) @IsIn(LOGO_OPTIONS, { message: BrandingMessages.logoOption }) logoOption: 'none' | 'text' | 'image';
  @ApiProperty() @IsString() @MaxLength(200, { message: BrandingMessages.logoText }) logoText: string;
  @ApiProperty({ type: BrandingImagesDto }) @IsObject() @ValidateNested() @Type(() => BrandingImagesDto) images: BrandingImagesDto;

  static toDomain(dto: BrandingDto): Branding {
    const image = (slot: ImageSlot): BrandingImage | null => {
      const sent = dto.images?.[slot];
      return sent ? { fileName: sent.fileName, extension: sent.extension ?? null, serverFileName: sent.serverFileName ?? null } : null;
    };
    return {
      borderTopColour: dto.borderTopColour,
      borderBottomColour: dto.borderBottomColour,
      backgroundColour: dto.backgroundColour,
      pageColour: dto.pageColour,
      textColour: dto.textColour,
      logoColour: dto.logoColour,
      font: dto.font,
      borderTopVisible: dto.borderTopVisible,
      borderBottomVisible: dto.borderBottomVisible,
      logoOption: dto.logoOption,
      logoText: dto.logoText,
      images: Object.fromEntries(IMAGE_SLOTS.map((slot) => [slot, image(slot)])) as Branding['images'],
    };
  }

  static from(branding: Branding): BrandingDto {
    const dto = new BrandingDto();
    Object.assign(dto, { ...branding, images: { ...branding.images } });
    for (const slot of IMAGE_SLOTS) {
      const image = branding.images[slot];
      dto.images[slot] = image ? { fileName: image.fileName, extension: image.extension, serverFileName: null } : null;
    }
    return dto;
  }
}

export class SaveBrandingRequestDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Draw not found.' }) drawId: string;
  @ApiProperty({ type: BrandingDto }) @IsObject() @ValidateNested() @Type(() => BrandingDto) branding: BrandingDto;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String, description: "Reuse: another of the owner's draws whose saved images the branding names." })
  @IsOptional()
  @Matches(UUID_PATTERN)
  imagesFromDrawId?: string | null;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
}

export class ContrastWarningDto {
  @ApiProperty({ enum: ['textColour', 'logoColour'] }) field: string;
  @ApiProperty({ description: 'The contrast ratio against the page colour, rounded down to 2 decimals.' }) ratio: number;
  @ApiProperty() message: string;
}

export class BrandingResponseDto {
  @ApiProperty({ description: 'The compact URL-safe serialisation (empty for the default branding).' }) drawBranding: string;
  @ApiProperty() hasBranding: boolean;
  @ApiProperty({ type: BrandingDto }) branding: BrandingDto;
  @ApiProperty({ type: [ContrastWarningDto] }) warnings: ContrastWarningDto[];

  static from(branding: Branding, warnings: ContrastWarningDto[]): BrandingResponseDto {
    const dto = new BrandingResponseDto();
    dto.drawBranding = serialiseBranding(branding);
    dto.hasBranding = dto.drawBranding !== '';
    dto.branding = BrandingDto.from(branding);
    dto.warnings = warnings;
    return dto;
  }
}

export class BrandReuseItemDto {
  @ApiProperty({ format: 'uuid' }) drawId: string;
  @ApiProperty() shortCode: string;
  @ApiProperty({ format: 'date-time' }) relevantDate: string;
  @ApiProperty() name: string;
  @ApiProperty() organisation: string;
  @ApiProperty({ description: 'The compact serialisation of the branding.' }) drawBranding: string;
}

export class BrandingUploadResultDto {
  @ApiProperty() serverFileName: string;
  @ApiProperty() headerFileName: string;
  @ApiProperty({ enum: IMAGE_EXTENSIONS }) fileExtension: string;
}
