import { ApiProperty } from '@nestjs/swagger';
import type { Upload } from '../../domain/upload.js';

/** The upload result (part 1 §3). */
export class UploadResultDto {
  @ApiProperty({ description: 'The name to send back in later calls (fileName): an unguessable id, never the client file name.', example: '3f9c2d0e8b7a41c6a5e4d3c2b1a09f8e' })
  serverFileName: string;

  @ApiProperty({ description: 'The file name as uploaded.', example: 'entries.csv' })
  headerFileName: string;

  @ApiProperty({ enum: ['txt', 'csv', 'tsv', 'zip'] })
  fileExtension: string;

  @ApiProperty({ type: String, nullable: true, description: 'For a zip upload: the name of the entries file inside it.', example: 'entries.csv' })
  archivedFileName: string | null;

  @ApiProperty({ type: String, nullable: true, enum: ['txt', 'csv', 'tsv'], description: 'For a zip upload: the type of the entries file inside it.' })
  archivedFileExtension: string | null;

  static from(upload: Upload): UploadResultDto {
    const dto = new UploadResultDto();
    dto.serverFileName = upload.id;
    dto.headerFileName = upload.fileName;
    dto.fileExtension = upload.fileExtension;
    dto.archivedFileName = upload.archivedFileName;
    dto.archivedFileExtension = upload.archivedFileExtension;
    return dto;
  }
}
