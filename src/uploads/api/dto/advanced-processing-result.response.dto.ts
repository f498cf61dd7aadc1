import { ApiProperty } from '@nestjs/swagger';
import type { AdvancedProcessingResult } from '../../domain/upload.js';

/** The advanced processing result (part 1 §3). */
export class AdvancedProcessingResultDto {
  @ApiProperty({ description: 'Entry rows: non-empty rows below the header row (rows with 0 tickets included).' })
  entryRowCount: number;

  @ApiProperty({ description: 'Entrants holding at least one ticket (distinct ids, or rows without an id column).' })
  entrantCount: number;

  @ApiProperty({ description: 'Tickets in all (entry rows without a ticket count column).' })
  entryCount: number;

  @ApiProperty()
  emptyRowCount: number;

  @ApiProperty({ type: [String] })
  warningMessages: string[];

  @ApiProperty({ type: String, nullable: true, description: 'Why the file cannot be drawn from with this choice; the counts are then 0.' })
  errorMessage: string | null;

  static from(result: AdvancedProcessingResult): AdvancedProcessingResultDto {
    const dto = new AdvancedProcessingResultDto();
    dto.entryRowCount = result.entryRowCount;
    dto.entrantCount = result.entrantCount;
    dto.entryCount = result.entryCount;
    dto.emptyRowCount = result.emptyRowCount;
    dto.warningMessages = [...result.warningMessages];
    dto.errorMessage = result.errorMessage;
    return dto;
  }
}
