import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { IsDateTime, IsSafeInt } from '../../../platform/http/validators.js';
import { DRAW_MESSAGES, MAX_PRIZES } from '../../domain/draw-rules.js';
import { UUID_PATTERN, CLIENT_TOKEN_PATTERN } from '../../../platform/http/patterns.js';

export class PrizeRequestDto {
  @ApiPropertyOptional({ description: "Blank becomes 'Prize N'." }) @IsOptional() @IsString() @MaxLength(500) description?: string;
  @ApiProperty({ default: 1 }) @IsSafeInt({ message: DRAW_MESSAGES.quantity }) @Min(1, { message: DRAW_MESSAGES.quantity }) quantity: number;
  @ApiProperty({ default: 0 }) @IsSafeInt({ message: DRAW_MESSAGES.reserves }) @Min(0, { message: DRAW_MESSAGES.reserves }) reserves: number;
}

/** The wizard's data (part 1 §7 submitdraw). Counts the client read from the file are informational: the server recounts. */
export class SubmitDrawRequestDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() demoMode?: boolean;
  // class-validator checks the bottom decorator first: presence before length.
  @ApiProperty() @MaxLength(200) @Matches(/\S/, { message: DRAW_MESSAGES.nameRequired }) @IsString({ message: DRAW_MESSAGES.nameRequired }) name: string;
  @ApiProperty() @MaxLength(200) @Matches(/\S/, { message: DRAW_MESSAGES.organisationRequired }) @IsString({ message: DRAW_MESSAGES.organisationRequired }) organisation: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isAgent?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() agentOrganisation?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() justRegistered?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() optedIntoCommunication?: boolean;

  @ApiProperty({ enum: ['simple', 'upload', 'uploadAdvanced'] })
  @IsIn(['simple', 'upload', 'uploadAdvanced'], { message: 'Please choose how you will enter the entries.' })
  entryMethod: 'simple' | 'upload' | 'uploadAdvanced';

  @ApiPropertyOptional({ description: 'Simple draws: the number of entries.' })
  @ValidateIf((dto: SubmitDrawRequestDto) => dto.entryMethod === 'simple')
  @IsSafeInt({ message: DRAW_MESSAGES.entryCountTooSmall })
  entriesCount?: number;

  @ApiPropertyOptional({ description: 'Uploads: the serverFileName of the upload.' }) @IsOptional() @IsString() fileName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() fileExtension?: string;
  @ApiPropertyOptional({ description: 'Uploads: whether the first row is a header row.' }) @IsOptional() @IsBoolean() headerRowsIncluded?: boolean;
  @ApiPropertyOptional({ nullable: true, type: Number }) @IsOptional() @IsSafeInt() @Min(0) entryCountColumn?: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) @IsOptional() @IsSafeInt() @Min(0) entrantUniqueIdColumn?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() oneWinPerEntrant?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsSafeInt() emptyRowCount?: number;
  @ApiPropertyOptional() @IsOptional() @IsSafeInt() entrantCount?: number;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @IsString({ each: true }) rowStrings?: string[];

  @ApiProperty({ type: [PrizeRequestDto] })
  @IsArray({ message: DRAW_MESSAGES.noPrizes })
  @ArrayMaxSize(MAX_PRIZES, { message: `A draw can have at most ${MAX_PRIZES} prizes.` })
  @ValidateNested({ each: true })
  @Type(() => PrizeRequestDto)
  prizes: PrizeRequestDto[];

  @ApiProperty({ enum: [0, 1, 2, 3, 4], description: '0 single, 1 ten-pack, 2 use credits, 3 hundred-pack, 4 demo' })
  @IsIn([0, 1, 2, 3, 4], { message: 'Please choose how to pay for this draw.' })
  paymentOption: 0 | 1 | 2 | 3 | 4;

  @ApiProperty({ enum: [0, 1], description: '0 now, 1 scheduled' }) @IsIn([0, 1]) scheduleOption: 0 | 1;
  @ApiPropertyOptional({ format: 'date-time' })
  @ValidateIf((dto: SubmitDrawRequestDto) => dto.scheduleOption === 1)
  @IsDateTime({ message: DRAW_MESSAGES.scheduleInPast })
  scheduleDate?: string;
  @ApiPropertyOptional({ example: 'Australia/Sydney' }) @IsOptional() @IsString() @MaxLength(64) scheduleTimezone?: string;
  @ApiPropertyOptional() @IsOptional() @IsSafeInt() timeZoneOffset?: number;
  @ApiPropertyOptional({ enum: ['USD', 'AUD', 'CAD', 'NZD', 'GBP'] }) @IsOptional() @IsIn(['USD', 'AUD', 'CAD', 'NZD', 'GBP']) currency?: 'USD' | 'AUD' | 'CAD' | 'NZD' | 'GBP';
  @ApiPropertyOptional() @IsOptional() @IsString() token?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() paymentID?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() payerID?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() recaptchaResponse?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'The draft this submission completes (?resume=<id>); it is removed once the draw exists.' })
  @IsOptional()
  @Matches(UUID_PATTERN)
  draftId?: string;
  @ApiPropertyOptional({ description: 'Made once per submission by the client: a retried request pays once.' }) @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) idempotencyKey?: string;
}

export class DrawQueryDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Draw not found.' }) id: string;
  @ApiPropertyOptional() @IsOptional() @IsString() clientSession?: string;
}
