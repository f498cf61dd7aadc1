import { ApiProperty } from '@nestjs/swagger';
import type { EntriesInspection, Upload } from '../../domain/upload.js';

export class HeaderColumnDto {
  @ApiProperty({ description: 'The value of the first row in this column (the column name when the file has a header row).' })
  name: string;

  @ApiProperty({ description: 'Personal data (e-mail, phone, street address, date of birth, payment): never published nor shown in screen-share mode.' })
  blacklisted: boolean;
}

/** Confirm details (part 1 §3). Row strings and columns are the first three non-empty rows of the file. */
export class ConfirmDrawDetailsResponseDto {
  @ApiProperty({ description: 'Non-empty rows, the header row (if there is one) included.' })
  rowCount: number;

  @ApiProperty({ description: 'The first non-empty row as it stands in the file (the header row when there is one).' })
  headerRowString: string;

  @ApiProperty({ type: [HeaderColumnDto] })
  headerRowColumns: HeaderColumnDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The second non-empty row (the first entry row with a header row).' })
  entryRow1String: string | null;

  @ApiProperty({ type: [String] })
  entryRow1Columns: string[];

  @ApiProperty({ type: String, nullable: true, description: 'The third non-empty row.' })
  entryRow2String: string | null;

  @ApiProperty({ type: [String] })
  entryRow2Columns: string[];

  @ApiProperty({ description: 'Rows with nothing but spaces and tabs: never entries.' })
  emptyRowCount: number;

  @ApiProperty({ type: String, nullable: true, description: 'Problems that do not stop the draw (say, rows with another number of columns).' })
  warningMessage: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the file cannot be used; the other fields are then empty.' })
  errorMessage: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'For a zip upload: the name under which its extracted entries file is kept (the upload keeps one name for both).' })
  serverArchivedFileName: string | null;

  @ApiProperty({ type: [Boolean], description: 'Per column: every entry row below a header row holds a valid ticket count (0 to 1,000,000,000).' })
  entryCountColumnsValidWithHeader: boolean[];

  @ApiProperty({ type: [Boolean], description: 'Per column: every non-empty row holds a valid ticket count.' })
  entryCountColumnsValidWithoutHeader: boolean[];

  @ApiProperty({ type: [Boolean], description: 'Per column: every entry row below a header row holds a non-blank entrant id.' })
  uniqueIdColumnsValidWithHeader: boolean[];

  @ApiProperty({ type: [Boolean], description: 'Per column: every non-empty row holds a non-blank entrant id.' })
  uniqueIdColumnsValidWithoutHeader: boolean[];

  @ApiProperty({ enum: [',', '\t', ';', '|'], description: 'The delimiter detected.' })
  delimiter: string;

  @ApiProperty({ enum: ['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'windows-1252'], description: 'How the file was read.' })
  encoding: string;

  static from(upload: Upload, inspection: EntriesInspection): ConfirmDrawDetailsResponseDto {
    const dto = new ConfirmDrawDetailsResponseDto();
    const [header, row1, row2] = inspection.firstRows;
    dto.rowCount = inspection.rowCount;
    dto.headerRowString = header?.text ?? '';
    dto.headerRowColumns = inspection.headerColumns.map((column) => {
      const item = new HeaderColumnDto();
      item.name = column.name;
      item.blacklisted = column.blacklisted;
      return item;
    });
    dto.entryRow1String = row1?.text ?? null;
    dto.entryRow1Columns = row1 ? [...row1.columns] : [];
    dto.entryRow2String = row2?.text ?? null;
    dto.entryRow2Columns = row2 ? [...row2.columns] : [];
    dto.emptyRowCount = inspection.emptyRowCount;
    dto.warningMessage = inspection.warnings.length > 0 ? inspection.warnings.join(' ') : null;
    dto.errorMessage = inspection.errorMessage;
    dto.serverArchivedFileName = upload.archivedFileName !== null ? upload.id : null;
    dto.entryCountColumnsValidWithHeader = [...inspection.entryCountColumnsValidWithHeader];
    dto.entryCountColumnsValidWithoutHeader = [...inspection.entryCountColumnsValidWithoutHeader];
    dto.uniqueIdColumnsValidWithHeader = [...inspection.uniqueIdColumnsValidWithHeader];
    dto.uniqueIdColumnsValidWithoutHeader = [...inspection.uniqueIdColumnsValidWithoutHeader];
    dto.delimiter = inspection.delimiter;
    dto.encoding = upload.entries.encoding;
    return dto;
  }
}
