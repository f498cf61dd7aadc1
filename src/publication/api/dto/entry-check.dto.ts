import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsSafeInt } from '../../../platform/http/validators.js';
import { CLIENT_TOKEN_PATTERN, UUID_PATTERN } from '../../../platform/http/patterns.js';
import type { EntryCheckSetup } from '../../application/entry-check.service.js';
import { ENTRY_CHECK_MESSAGES, type EntryCheck, MAX_CHECKED_VALUE_LENGTH } from '../../domain/entry-check-rules.js';

/** Short codes are 5 letters (the certificate path adds w or e after them). */
const SHORT_CODE_PATTERN = /^[A-Za-z]{5}$/;

export class EntryCheckSetupRequestDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Draw not found.' }) drawId: string;
  @ApiPropertyOptional({ type: Number, nullable: true, description: '0-based column to check against.' })
  @ValidateIf((dto: EntryCheckSetupRequestDto) => !dto.cancelEntryCheck)
  @IsSafeInt({ message: ENTRY_CHECK_MESSAGES.noColumn })
  columnIdx?: number | null;
  @ApiPropertyOptional({ description: 'What entrants are asked for, at most 30 characters.' })
  @ValidateIf((dto: EntryCheckSetupRequestDto) => !dto.cancelEntryCheck)
  @IsString({ message: ENTRY_CHECK_MESSAGES.noName })
  @MaxLength(200, { message: ENTRY_CHECK_MESSAGES.nameTooLong })
  columnName?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showEntriesCount?: boolean;
  @ApiPropertyOptional({ enum: ['au', 'ca', 'nz', 'uk', 'us'] }) @IsOptional() @Matches(/^(au|ca|nz|uk|us)$/) countryCode?: string;
  // A field of the spec's configureEntryCheck (part 2 §7), as for publish: accepted, the public page wears the draw's
  // saved branding.
  @ApiPropertyOptional({ description: "The preview's hasBranding. Accepted; the public page always wears the draw's saved certificate branding." })
  @IsOptional()
  @IsBoolean()
  branding?: boolean;
  @ApiPropertyOptional({ description: 'Disable the entry check instead.' }) @IsOptional() @IsBoolean() cancelEntryCheck?: boolean;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
}

export class EntryCheckQueryDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Draw not found.' }) id: string;
  @ApiPropertyOptional() @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) clientSession?: string;
}

export class EntryCheckColumnDto {
  @ApiProperty() name: string;
  @ApiProperty() blacklisted: boolean;
  @ApiProperty({ description: 'Blacklisted, or the entry count column.' }) locked: boolean;
}

export class EntryCheckStatusDto {
  @ApiProperty() entryCheckEnabled: boolean;
  @ApiProperty() entryCheckColumnIdx: number;
  @ApiProperty() entryCheckColumnName: string;
  @ApiProperty() entryCheckShowEntriesCount: boolean;
  @ApiProperty({ description: 'Still processing the entries file.' }) entryCheckFileProcessing: boolean;
  @ApiProperty({ enum: ['processing', 'processed', 'error'] }) state: string;
  @ApiProperty({ nullable: true, type: String }) entryCheckErrorMessage: string | null;
  @ApiProperty({ nullable: true, type: String, description: "'File processed successfully.' once processed." }) message: string | null;
  @ApiProperty() processedRows: number;
  @ApiProperty() totalRows: number;

  static from(check: EntryCheck): EntryCheckStatusDto {
    return Object.assign(new EntryCheckStatusDto(), {
      entryCheckEnabled: check.enabled,
      entryCheckColumnIdx: check.columnIdx,
      entryCheckColumnName: check.columnName,
      entryCheckShowEntriesCount: check.showEntriesCount,
      entryCheckFileProcessing: check.enabled && check.state === 'processing',
      state: check.state,
      entryCheckErrorMessage: check.state === 'error' ? check.errorMessage : null,
      message: check.state === 'processed' ? ENTRY_CHECK_MESSAGES.processed : null,
      processedRows: check.processedRows,
      totalRows: check.totalRows,
    });
  }
}

export class EntryCheckSetupResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() shortCode: string;
  @ApiProperty() name: string;
  @ApiProperty() organisation: string;
  @ApiProperty({ enum: ['draft', 'scheduled', 'drawn', 'cancelled', 'error'] }) state: string;
  @ApiProperty({ enum: ['simple', 'upload', 'uploadAdvanced'] }) entryMethod: string;
  @ApiProperty() entryCount: number;
  @ApiProperty({ type: [EntryCheckColumnDto] }) headerRowColumns: EntryCheckColumnDto[];
  @ApiProperty({ type: EntryCheckStatusDto, nullable: true }) entryCheck: EntryCheckStatusDto | null;

  static from(setup: EntryCheckSetup): EntryCheckSetupResponseDto {
    const { draw } = setup.view;
    return Object.assign(new EntryCheckSetupResponseDto(), {
      id: draw.id,
      shortCode: draw.shortCode,
      name: draw.name,
      organisation: draw.organisation,
      state: draw.state,
      entryMethod: draw.entries.method,
      entryCount: draw.entries.entryCount,
      headerRowColumns: setup.columns,
      entryCheck: setup.check && EntryCheckStatusDto.from(setup.check),
    });
  }
}

export class ShortCodeQueryDto {
  // Any text: a code that is not five letters is a draw that does not exist, answered 404 as an unknown one.
  @ApiProperty() @IsString() shortCode: string;
}

/** Whether `shortCode` can be a draw's at all (five letters, either case). */
export function isShortCode(shortCode: string): boolean {
  return SHORT_CODE_PATTERN.test(shortCode);
}

export class PublicEntryCheckResponseDto {
  @ApiProperty() shortCode: string;
  @ApiProperty() name: string;
  @ApiProperty() organisation: string;
  @ApiProperty({ description: 'What entrants type: the name of the checked column.' }) columnName: string;
  @ApiProperty() showEntriesCount: boolean;
  @ApiProperty({ description: 'False while the entries file is still being processed.' }) ready: boolean;
}

export class CheckEntryRequestDto {
  @ApiProperty() @Matches(SHORT_CODE_PATTERN, { message: ENTRY_CHECK_MESSAGES.notAvailable }) shortCode: string;
  // Decorators run from the last: a value that is no text is told so, not that it is too long.
  @ApiProperty() @MaxLength(MAX_CHECKED_VALUE_LENGTH) @IsString({ message: ENTRY_CHECK_MESSAGES.valueRequired }) value: string;
}

export class CheckEntryResponseDto {
  @ApiProperty({ description: 'Whether an entry row of the draw has this value.' }) found: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'Its entries, when found and the owner shows the count.' }) entries: number | null;
}
