import type { TextEncodingName } from '#entries-file';
import type { EntriesInspection, EntriesProcessing, Upload } from '../domain/upload.js';
import type { TextExtension, UploadExtension } from '#rules';
import { UploadOrmEntity } from './upload.orm-entity.js';

export class UploadMapper {
  static toDomain(row: UploadOrmEntity): Upload {
    return {
      id: row.id,
      clientSession: row.clientSession,
      ownerUserId: row.ownerUserId,
      fileName: row.fileName,
      fileExtension: row.fileExtension as UploadExtension,
      archivedFileName: row.archivedFileName,
      archivedFileExtension: row.archivedFileExtension as TextExtension | null,
      byteSize: row.byteSize,
      entries: { byteSize: row.entriesByteSize, sha256: row.entriesSha256, encoding: row.entriesEncoding as TextEncodingName },
      inspection: (row.inspection as EntriesInspection | null) ?? null,
      processing: (row.processing as EntriesProcessing | null) ?? null,
      createdAt: row.createdAt,
    };
  }

  static toOrm(upload: Upload): UploadOrmEntity {
    const row = new UploadOrmEntity();
    row.id = upload.id;
    row.clientSession = upload.clientSession;
    row.ownerUserId = upload.ownerUserId;
    row.fileName = upload.fileName;
    row.fileExtension = upload.fileExtension;
    row.archivedFileName = upload.archivedFileName;
    row.archivedFileExtension = upload.archivedFileExtension;
    row.byteSize = upload.byteSize;
    row.entriesByteSize = upload.entries.byteSize;
    row.entriesSha256 = upload.entries.sha256;
    row.entriesEncoding = upload.entries.encoding;
    row.inspection = upload.inspection as object | null;
    row.processing = upload.processing as object | null;
    row.createdAt = upload.createdAt;
    row.claimedAt = null;
    return row;
  }
}
