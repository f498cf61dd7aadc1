import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { IsDateTime, IsSafeInt, IsTimeZone } from '../../../platform/http/validators.js';
import { DRAW_MESSAGES, MAX_PRIZES } from '../../domain/draw-rules.js';
import { UUID_PATTERN, CLIENT_TOKEN_PATTERN } from '../../../platform/http/patterns.js';

export class PrizeRequestDto {
  @ApiPropertyOptional({ description: "Blank becomes 'Prize N'." }) @IsOptional() @IsString() @MaxLength(500) description?: string;
  // Part 1 §3: a prize's quantity defaults to 1 and its reserves to 0 (left out; null is still refused).
  @ApiPropertyOptional({ default: 1 }) @IsSafeInt({ message: DRAW_MESSAGES.quantity }) @Min(1, { message: DRAW_MESSAGES.quantity }) quantity: number = 1;
  @ApiPropertyOptional({ default: 0 }) @IsSafeInt({ message: DRAW_MESSAGES.reserves }) @Min(0, { message: DRAW_MESSAGES.reserves }) reserves: number = 0;
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
  @ApiPropertyOptional({ description: 'Uploads (required): whether the first row is a header row.' })
  // Part 1 §5: an upload's header row must be chosen. Left out, a header row would be drawn as an entry.
  @ValidateIf((dto: SubmitDrawRequestDto, value: unknown) => dto.entryMethod !== 'simple' || value !== undefined)
  @IsBoolean({ message: DRAW_MESSAGES.headerRow })
  headerRowsIncluded?: boolean;
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
  @IsDefined({ message: DRAW_MESSAGES.scheduleRequired })
  scheduleDate?: string;
  @ApiPropertyOptional({ example: 'Australia/Sydney' }) @IsOptional() @IsTimeZone({ message: DRAW_MESSAGES.timeZone }) @MaxLength(64, { message: DRAW_MESSAGES.timeZone }) scheduleTimezone?: string;
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
  // The spec's optional branding flag of `get` (part 2 §7): refused as unknown, it failed calls made as the spec lists
  // them. The answer carries no branding (docs/decisions.md, issue 10): /api/certificate/{shortCode}/branding has it.
  @ApiPropertyOptional({ enum: ['true', 'false'], description: "Accepted; the draw's branding is at /api/certificate/{shortCode}/branding." })
  @IsOptional()
  @Matches(/^(true|false)$/, { message: 'branding must be true or false.' })
  branding?: string;
}
