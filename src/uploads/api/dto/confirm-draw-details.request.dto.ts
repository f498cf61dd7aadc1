import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { CLIENT_SESSION_PATTERN } from '../../domain/upload.js';

export class ConfirmDrawDetailsRequestDto {
  @ApiProperty({ description: 'serverFileName of the upload.' })
  @IsString({ message: 'Please upload a file.' })
  fileName: string;

  @ApiPropertyOptional({ description: 'Whether the wizard uses advanced upload (the answer is the same either way).' })
  @IsOptional()
  @IsBoolean()
  advancedUpload?: boolean;

  @ApiPropertyOptional({ description: 'Whether the draw is a demo (the answer is the same either way).' })
  @IsOptional()
  @IsBoolean()
  demoMode?: boolean;

  @ApiPropertyOptional({ description: "The browser tab's client session that made the upload (a logged-in owner may omit it)." })
  @IsOptional()
  @IsString()
  @Matches(CLIENT_SESSION_PATTERN, { message: 'The client session is missing or invalid.' })
  clientSession?: string;
}
