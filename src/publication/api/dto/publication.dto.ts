import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsDateTime, IsSafeInt } from '../../../platform/http/validators.js';
import { CLIENT_TOKEN_PATTERN, UUID_PATTERN } from '../../../platform/http/patterns.js';
import { PUBLICATION_MESSAGES } from '../../domain/publication-rules.js';
import type { PublicationSetup, PublicWinners } from '../../application/publication.service.js';
import type { Publication } from '../../domain/publication-rules.js';

const COUNTRY_CODES = ['au', 'ca', 'nz', 'uk', 'us'] as const;

export class DrawIdRequestDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Draw not found.' }) id: string;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
}

export class PublishRequestDto extends DrawIdRequestDto {
  @ApiProperty({ description: 'True: publish now (the draw must be drawn). False: publish at scheduleDate.' }) @IsBoolean() published: boolean;
  @ApiProperty({ type: [Number], description: '0-based columns of the entries file, at most 4 (blacklisted columns refused).' })
  @IsArray({ message: PUBLICATION_MESSAGES.noColumns })
  @ArrayMaxSize(100)
  @IsSafeInt({ each: true, message: PUBLICATION_MESSAGES.unknownColumn })
  columns: number[];
  @ApiProperty({ type: [String], description: 'A name per column, at most 30 characters; pipes are stripped.' })
  @IsArray({ message: PUBLICATION_MESSAGES.names })
  @ArrayMaxSize(100)
  @IsString({ each: true, message: PUBLICATION_MESSAGES.names })
  @MaxLength(200, { each: true, message: PUBLICATION_MESSAGES.nameTooLong })
  names: string[];
  @ApiProperty({ type: [Number], description: '0-based prizes whose winners are published.' })
  @IsArray({ message: PUBLICATION_MESSAGES.noPrizes })
  @ArrayMaxSize(10_000)
  @IsSafeInt({ each: true, message: PUBLICATION_MESSAGES.unknownPrize })
  prizes: number[];
  @ApiProperty({ description: 'First word whole, later words as initials.' }) @IsBoolean() truncated: boolean;
  @ApiProperty() @IsBoolean() upperCase: boolean;
  @ApiProperty({ description: 'Show the number of entries.' }) @IsBoolean() entries: boolean;
  @ApiPropertyOptional({ format: 'date-time', type: String, nullable: true })
  @ValidateIf((dto: PublishRequestDto) => !dto.published)
  @IsDateTime({ message: PUBLICATION_MESSAGES.notFuture })
  scheduleDate?: string | null;
  @ApiPropertyOptional({ enum: COUNTRY_CODES }) @IsOptional() @Matches(/^(au|ca|nz|uk|us)$/) countryCode?: string;
  // A field of the spec's publish call (part 2 §7), its preview config's hasBranding: refused as unknown, it failed
  // every call made as the spec lists it. The public page wears the draw's saved branding whatever it says.
  @ApiPropertyOptional({ description: "The preview's hasBranding. Accepted; the public page always wears the draw's saved certificate branding." })
  @IsOptional()
  @IsBoolean()
  branding?: boolean;
}

export class DrawColumnDto {
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Personal data: cannot be published nor checked against.' }) blacklisted: boolean;
}

export class PublicationSettingsDto {
  @ApiProperty({ type: [Number] }) columns: number[];
  @ApiProperty({ type: [String] }) names: string[];
  @ApiProperty({ type: [Number] }) prizes: number[];
  @ApiProperty() truncated: boolean;
  @ApiProperty() upperCase: boolean;
  @ApiProperty() entries: boolean;
  @ApiProperty({ format: 'date-time' }) publishDate: string;
  @ApiProperty() secondsTilPublishDate: number;
  @ApiProperty() published: boolean;
  @ApiProperty({ description: 'Published and its date reached: the public page shows the winners.' }) winnersPublishedLive: boolean;
  @ApiProperty({ nullable: true, type: String }) countryCode: string | null;

  static from(p: Publication, now: Date): PublicationSettingsDto {
    return Object.assign(new PublicationSettingsDto(), {
      columns: p.columns,
      names: p.names,
      prizes: p.prizes,
      truncated: p.truncated,
      upperCase: p.upperCase,
      entries: p.entries,
      publishDate: p.publishDate.toISOString(),
      secondsTilPublishDate: Math.max(0, Math.round((p.publishDate.getTime() - now.getTime()) / 1000)),
      published: p.published,
      winnersPublishedLive: p.live,
      countryCode: p.countryCode,
    });
  }
}

export class SetupPrizeDto {
  @ApiProperty() description: string;
  @ApiProperty() quantity: number;
}

export class WinnerRowDto {
  @ApiProperty() prizeIndex: number;
  @ApiProperty({ type: [String] }) values: string[];
}

/** What the owner's publication setup needs (owner only: rows hold entrant data). */
export class PublicationSetupResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() shortCode: string;
  @ApiProperty() name: string;
  @ApiProperty() organisation: string;
  @ApiProperty({ enum: ['draft', 'scheduled', 'drawn', 'cancelled', 'error'] }) state: string;
  @ApiProperty({ format: 'date-time' }) relevantDate: string;
  @ApiProperty() secondsTilRelevantDate: number;
  @ApiProperty() entryCount: number;
  @ApiProperty({ type: [DrawColumnDto] }) headerRowColumns: DrawColumnDto[];
  @ApiProperty({ type: [SetupPrizeDto] }) prizes: SetupPrizeDto[];
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string' } }, description: 'The first entry rows (at most 5), before the draw.' }) exampleRows: string[][];
  @ApiProperty({ type: [WinnerRowDto], description: 'The first winners of each prize (at most 5), once drawn.' }) winnerRows: WinnerRowDto[];
  @ApiProperty({ type: PublicationSettingsDto, nullable: true }) publication: PublicationSettingsDto | null;

  static from(setup: PublicationSetup, now: Date): PublicationSetupResponseDto {
    const { draw } = setup;
    const relevant = draw.drawnAt ?? draw.scheduleDate;
    return Object.assign(new PublicationSetupResponseDto(), {
      id: draw.id,
      shortCode: draw.shortCode,
      name: draw.name,
      organisation: draw.organisation,
      state: draw.state,
      relevantDate: relevant.toISOString(),
      secondsTilRelevantDate: Math.round((relevant.getTime() - now.getTime()) / 1000),
      entryCount: draw.entries.entryCount,
      headerRowColumns: setup.columns,
      prizes: draw.prizes.map((p) => ({ description: p.description, quantity: p.quantity })),
      exampleRows: setup.exampleRows,
      winnerRows: setup.winnerRows,
      publication: setup.publication && PublicationSettingsDto.from(setup.publication, now),
    });
  }
}

export class PublicWinnersPrizeDto {
  @ApiProperty() description: string;
  @ApiProperty({ description: 'How many winners the prize has: more than `winners` lists when a draw of many winners shows the first of each prize.' })
  winnersAwarded: number;
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string' } }, description: "Each winner's published values, in the order of columnNames." }) winners: string[][];
}

/** The public winners page: the chosen columns of the chosen prizes' winners, nothing else of the entries. */
export class PublicWinnersResponseDto {
  @ApiProperty() shortCode: string;
  @ApiProperty() name: string;
  @ApiProperty() organisation: string;
  @ApiProperty({ format: 'date-time' }) drawDate: string;
  @ApiProperty({ description: 'The certificate id: characters 24 to 36 of the draw id, upper case.' }) displayId: string;
  @ApiProperty({ format: 'date-time' }) publishDate: string;
  @ApiProperty() secondsTilPublishDate: number;
  @ApiProperty() winnersPublishedLive: boolean;
  @ApiProperty({ type: [String] }) columnNames: string[];
  @ApiProperty({ nullable: true, type: Number, description: 'When the owner shows it.' }) entryCount: number | null;
  @ApiProperty({ type: [PublicWinnersPrizeDto], description: 'Empty until live.' }) prizes: PublicWinnersPrizeDto[];

  static from(result: PublicWinners, now: Date): PublicWinnersResponseDto {
    const { draw, publication } = result;
    return Object.assign(new PublicWinnersResponseDto(), {
      shortCode: draw.shortCode,
      name: draw.name,
      organisation: draw.organisation,
      drawDate: (draw.drawnAt ?? draw.scheduleDate).toISOString(),
      displayId: draw.id.slice(24, 36).toUpperCase(),
      publishDate: publication.publishDate.toISOString(),
      secondsTilPublishDate: Math.max(0, Math.round((publication.publishDate.getTime() - now.getTime()) / 1000)),
      winnersPublishedLive: publication.live,
      columnNames: publication.names,
      entryCount: publication.live && publication.entries ? draw.entries.entryCount : null,
      prizes: result.prizes,
    });
  }
}
