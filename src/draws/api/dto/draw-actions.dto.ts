import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, Min, ValidateIf, ValidateNested, IsObject } from 'class-validator';
import { IsDateTime, IsSafeInt, IsTimeZone } from '../../../platform/http/validators.js';
import { ACTION_MESSAGES, type Scrutineer } from '../../domain/draw-actions.js';
import { DRAW_MESSAGES } from '../../domain/draw-rules.js';
import { displayIdOf, type Draw } from '../../domain/draw.js';
import { UUID_PATTERN, CLIENT_TOKEN_PATTERN } from '../../../platform/http/patterns.js';

const toBoolean = ({ value }: { value: unknown }) => (value === 'true' || value === true ? true : value === 'false' || value === false ? false : value);

export class DrawActionRequestDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Draw not found.' }) id: string;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
}

export class RescheduleRequestDto extends DrawActionRequestDto {
  @ApiPropertyOptional({ format: 'date-time' })
  @ValidateIf((dto: RescheduleRequestDto) => !dto.immediateDraw)
  @IsDateTime({ message: DRAW_MESSAGES.scheduleInPast })
  // Runs first (decorators run from the last): no time at all is told as the wizard tells it, not as a past one.
  @IsDefined({ message: DRAW_MESSAGES.scheduleRequired })
  scheduleDate?: string;
  @ApiPropertyOptional({ example: 'Australia/Sydney' }) @IsOptional() @IsTimeZone({ message: DRAW_MESSAGES.timeZone }) @MaxLength(64, { message: DRAW_MESSAGES.timeZone }) scheduleTimezone?: string;
  @ApiPropertyOptional() @IsOptional() @IsSafeInt() timeZoneOffset?: number;
  @ApiPropertyOptional({ description: 'Draw now instead.' }) @IsOptional() @IsBoolean() immediateDraw?: boolean;
}

export class ScrutineerDto {
  @ApiProperty() @IsString({ message: ACTION_MESSAGES.scrutineerRequired }) @Matches(/\S/, { message: ACTION_MESSAGES.scrutineerRequired }) @MaxLength(100) firstName: string;
  @ApiProperty() @IsString({ message: ACTION_MESSAGES.scrutineerRequired }) @Matches(/\S/, { message: ACTION_MESSAGES.scrutineerRequired }) @MaxLength(100) lastName: string;
  @ApiProperty() @MaxLength(254) @IsEmail({}, { message: ACTION_MESSAGES.scrutineerRequired }) emailAddress: string;
  @ApiPropertyOptional({ nullable: true, type: String }) @IsOptional() @IsString() @MaxLength(200) qualification?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) @IsOptional() @IsString() @MaxLength(2000) notes?: string | null;

  static from(scrutineer: Scrutineer, withEmail: boolean): ScrutineerDto {
    const dto = new ScrutineerDto();
    dto.firstName = scrutineer.firstName;
    dto.lastName = scrutineer.lastName;
    dto.emailAddress = withEmail ? scrutineer.emailAddress : '';
    dto.qualification = scrutineer.qualification;
    dto.notes = withEmail ? scrutineer.notes : null;
    return dto;
  }
}

export class SaveScrutineerRequestDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Draw not found.' }) drawId: string;
  @ApiPropertyOptional({ type: ScrutineerDto })
  @ValidateIf((dto: SaveScrutineerRequestDto) => !dto.delete)
  @IsObject({ message: ACTION_MESSAGES.scrutineerRequired })
  @ValidateNested()
  @Type(() => ScrutineerDto)
  fields?: ScrutineerDto;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() delete?: boolean;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
}

const DRAW_STATES = ['draft', 'scheduled', 'drawn', 'cancelled', 'error'] as const;
export const SORT_FIELDS = ['RelevantDate', 'Name', 'Organisation', 'State', 'Created'] as const;

/** The statuses a list shows when none is asked for: every one but draft. */
export const DEFAULT_LIST_STATUSES = 'scheduled,drawn,cancelled,error';

export class DrawListQueryDto {
  @ApiPropertyOptional({ type: Number, default: 1 }) @IsOptional() @Type(() => Number) @IsSafeInt() @Min(1) page = 1;
  @ApiPropertyOptional({ type: Number, enum: [10, 25, 50, 100], default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsIn([10, 25, 50, 100], { message: 'Choose 10, 25, 50 or 100 draws per page.' })
  count = 25;
  @ApiPropertyOptional({ type: String, enum: SORT_FIELDS, default: 'RelevantDate' }) @IsOptional() @IsIn(SORT_FIELDS) sortField: (typeof SORT_FIELDS)[number] = 'RelevantDate';
  @ApiPropertyOptional({ type: Boolean, default: true }) @IsOptional() @Transform(toBoolean) @IsBoolean() descending = true;
  @ApiPropertyOptional({ type: Boolean, default: true }) @IsOptional() @Transform(toBoolean) @IsBoolean() showWeb = true;
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Draws made with a live API key (apiEnabled users only).' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  showApi = false;
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Draws made with a test API key (apiEnabled users only).' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  showTest = false;
  @ApiPropertyOptional({ format: 'uuid', description: 'Administrators: another user’s list.' }) @IsOptional() @Matches(UUID_PATTERN) userId?: string;
  @ApiPropertyOptional({ default: DEFAULT_LIST_STATUSES, description: 'Comma list of draft, scheduled, drawn, cancelled, error (draft: apiEnabled users only).' })
  @IsOptional()
  @Matches(/^(draft|scheduled|drawn|cancelled|error)(,(draft|scheduled|drawn|cancelled|error))*$/, { message: 'Unknown status.' })
  statuses?: string;
}

export class DrawListItemDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() displayId: string;
  @ApiProperty() name: string;
  @ApiProperty() organisation: string;
  @ApiProperty({ enum: DRAW_STATES }) state: string;
  @ApiProperty({ enum: ['web', 'api', 'test'] }) source: string;
  @ApiProperty() demo: boolean;
  @ApiProperty({ format: 'date-time' }) relevantDate: string;
  @ApiProperty() secondsTilRelevantDate: number;
  @ApiProperty() scheduleTimeZone: string;
  @ApiProperty({ description: 'Rows of the entries file, header excluded (simple draws: the entries).' }) entryRowCount: number;
  @ApiProperty({ description: 'Entries (tickets): a ticket-count column gives a row several.' }) entryCount: number;
  @ApiProperty({ description: 'Distinct entrants.' }) entrantCount: number;
  @ApiProperty() winnerCount: number;
  @ApiProperty({ nullable: true, type: String }) errorMessage: string | null;

  static from(draw: Draw, now: Date): DrawListItemDto {
    const relevant = draw.drawnAt ?? draw.scheduleDate;
    return Object.assign(new DrawListItemDto(), {
      id: draw.id,
      displayId: displayIdOf(draw.id),
      name: draw.name,
      organisation: draw.organisation,
      state: draw.state,
      source: draw.source,
      demo: draw.demo,
      relevantDate: relevant.toISOString(),
      secondsTilRelevantDate: Math.round((relevant.getTime() - now.getTime()) / 1000),
      scheduleTimeZone: draw.scheduleTimeZone,
      entryRowCount: draw.entries.entryCount,
      entryCount: draw.entries.ticketCount,
      entrantCount: draw.entries.entrantCount,
      winnerCount: draw.prizes.reduce((sum, prize) => sum + prize.quantity, 0),
      errorMessage: draw.errorMessage,
    });
  }
}

export class DrawListResponseDto {
  @ApiProperty({ type: [DrawListItemDto] }) draws: DrawListItemDto[];
  @ApiProperty() total: number;
}

export class LookupRequestDto {
  // Anything but an id is told the spec's message, whatever the field holds.
  @ApiProperty({ description: 'A draw id or its 12-digit display id; spaces and a leading # are ignored.' })
  @MaxLength(100, { message: ACTION_MESSAGES.lookupInvalid })
  @IsString({ message: ACTION_MESSAGES.lookupInvalid })
  lookupId: string;
  @ApiPropertyOptional() @IsOptional() @IsString() recaptchaResponse?: string;
}

export class LookupResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() displayId: string;
}
