import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { IsSafeInt } from '../../../platform/http/validators.js';
import { ENTRIES_LIMITS } from '#entries-file';
import { CLIENT_SESSION_PATTERN } from '../../domain/upload.js';

const COLUMN_MESSAGE = 'Choose a column of the file.';

export class ProcessAdvancedUploadRequestDto {
  @ApiProperty({ description: 'serverFileName of the upload.' })
  @IsString({ message: 'Please upload a file.' })
  fileName: string;

  @ApiPropertyOptional({ description: "The browser tab's client session that made the upload (a logged-in owner may omit it)." })
  @IsOptional()
  @IsString()
  @Matches(CLIENT_SESSION_PATTERN, { message: 'The client session is missing or invalid.' })
  clientSession?: string;

  @ApiProperty({ description: 'Whether the first non-empty row is a header row (not an entry).' })
  @IsBoolean({ message: 'Please say whether the file has a header row.' })
  headerRow: boolean;

  @ApiPropertyOptional({ type: Number, nullable: true, description: "Column (0-based) holding each row's ticket count.", example: 2 })
  @IsOptional()
  @IsSafeInt({ message: COLUMN_MESSAGE })
  @Min(0, { message: COLUMN_MESSAGE })
  @Max(ENTRIES_LIMITS.maxFields - 1, { message: COLUMN_MESSAGE })
  entryCountColumn?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Column (0-based) holding the unique entrant id; rows with the same id are one entrant.', example: 3 })
  @IsOptional()
  @IsSafeInt({ message: COLUMN_MESSAGE })
  @Min(0, { message: COLUMN_MESSAGE })
  @Max(ENTRIES_LIMITS.maxFields - 1, { message: COLUMN_MESSAGE })
  uniqueEntrantIdColumn?: number | null;
}
