import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { FILE_STORAGE, type FileStorage } from '../../platform/storage/file-storage.port.js';
import { SiteConfigurationService } from '../../site/application/site-configuration.service.js';
import { decideEncoding, needsTranscoding, type TextEncodingName, utf8Text } from '#entries-file';
import { CLIENT_SESSION_PATTERN, type EntriesFile, type Upload } from '../domain/upload.js';
import { UploadRefusedError } from '../domain/upload.errors.js';
import { baseNameOf, BYTES_PER_MB, extensionOf, invalidTypeMessage, isUploadExtension, signatureOf, UploadMessages, type TextExtension, type UploadExtension } from '#rules';
import { ZipMessages } from '../domain/zip-rules.js';
import { EntriesStorage } from './entries-storage.js';
import { TypeormUploadRepository } from '../infrastructure/typeorm-upload.repository.js';
import { ByteLimitExceededError, UploadGuard } from './upload-guard.transform.js';
import { uploadFileKeys } from './upload-file-keys.js';
import { extractEntriesFile } from './zip-extraction.js';

/** One part of a multipart upload, whatever the HTTP framework. */
export type IncomingPart = { kind: 'field'; name: string; value: string } | { kind: 'file'; fileName: string; stream: Readable };

export interface UploadLimit {
  mb: number;
  bytes: number;
}

interface ReceivedFile {
  fileName: string;
  fileExtension: UploadExtension;
  archivedFileName: string | null;
  archivedFileExtension: TextExtension | null;
  byteSize: number;
  entries: EntriesFile;
}

/**
 * Receives an entries file (POST /api/Upload): streams it to storage under an unguessable name while checking type,
 * size and content, extracts a zip's entries file, and records the upload for its client session and owner.
 */
@Injectable()
export class UploadEntriesFileService {
  private readonly logger = new Logger('Uploads');

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly uploads: TypeormUploadRepository,
    private readonly entriesStorage: EntriesStorage,
    private readonly siteConfiguration: SiteConfigurationService,
  ) {}

  /** The upload limit in force now (the site setting uploadLimitMb). */
  async currentLimit(): Promise<UploadLimit> {
    const mb = (await this.siteConfiguration.currentSettings()).uploadLimitMb;
    return { mb, bytes: mb * BYTES_PER_MB };
  }

  async upload(parts: AsyncIterable<IncomingPart>, limit: UploadLimit, ownerUserId: string | null): Promise<Upload> {
    const id = randomBytes(16).toString('hex');
    const fields = new Map<string, string>();
    let received: ReceivedFile | null = null;
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          fields.set(part.name, part.value);
          continue;
        }
        if (received !== null) {
          part.stream.destroy();
          throw new UploadRefusedError('request', UploadMessages.oneFile);
        }
        // A session sent before the file is checked before the file is read.
        if (fields.has('clientSession')) this.clientSessionOf(fields);
        received = await this.receive(id, part.fileName, part.stream, limit);
      }
      if (received === null) throw new UploadRefusedError('request', UploadMessages.noFile);
      const upload: Upload = {
        id,
        clientSession: this.clientSessionOf(fields),
        ownerUserId,
        ...received,
        inspection: null,
        processing: null,
        createdAt: new Date(),
      };
      await this.uploads.insert(upload);
      return upload;
    } catch (error) {
      // The refusal is the answer: a failed clean-up (storage unreachable) is logged, never answered in its place.
      await this.entriesStorage
        .deleteReceived(id)
        .catch((cleanup: unknown) => this.logger.error(`Upload ${id} refused, and its received files could not be removed: ${cleanup instanceof Error ? cleanup.message : String(cleanup)}`));
      throw error;
    }
  }

  private clientSessionOf(fields: Map<string, string>): string {
    const session = fields.get('clientSession')?.trim();
    if (!session || !CLIENT_SESSION_PATTERN.test(session)) throw new UploadRefusedError('request', UploadMessages.clientSessionRequired, 'clientSession');
    return session;
  }

  private async receive(id: string, clientName: string, stream: Readable, limit: UploadLimit): Promise<ReceivedFile> {
    const fileName = baseNameOf(clientName);
    const extension = extensionOf(fileName);
    if (!isUploadExtension(extension)) {
      // Stop reading: the type alone decides.
      stream.destroy();
      throw new UploadRefusedError('type', invalidTypeMessage(extension));
    }
    const keys = uploadFileKeys(id);
    const isZip = extension === 'zip';
    const guard = new UploadGuard(limit.bytes, { entriesFile: !isZip });
    const write = await this.storage.openWrite(keys.upload);
    try {
      await pipeline(stream, guard, write.stream);
    } catch (error) {
      await write.abort();
      if (error instanceof ByteLimitExceededError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new UploadRefusedError('size', UploadMessages.tooLarge(limit.mb));
      }
      throw error;
    }
    if (guard.bytes === 0) {
      await write.abort();
      throw new UploadRefusedError('empty', UploadMessages.empty);
    }
    const signature = signatureOf(guard.firstBytes);
    if (isZip ? signature !== 'zip' : signature !== 'text') {
      await write.abort();
      if (isZip) throw new UploadRefusedError('zip', ZipMessages.unreadable);
      // Its name is a text file's: what is wrong is its content (an Excel workbook gets the hint to save it as CSV).
      if (signature === 'binary') throw new UploadRefusedError('type', UploadMessages.notText);
      throw new UploadRefusedError('type', invalidTypeMessage(extension, signature === 'zip' || signature === 'ole2'));
    }
    const stat = await write.commit();

    if (isZip) {
      const extracted = await extractEntriesFile(this.storage, keys.upload, stat.size, keys.entries, limit);
      const encoding = decideEncoding(extracted.firstBytes, extracted.validUtf8);
      if (signatureOf(extracted.firstBytes) !== 'text') {
        throw new UploadRefusedError('type', invalidTypeMessage(extracted.archivedFileExtension, signatureOf(extracted.firstBytes) !== 'binary'));
      }
      await this.transcodeIfNeeded(keys.entries, keys.text, encoding);
      return {
        fileName,
        fileExtension: extension,
        archivedFileName: extracted.archivedFileName,
        archivedFileExtension: extracted.archivedFileExtension,
        byteSize: stat.size,
        entries: { byteSize: extracted.byteSize, sha256: extracted.sha256, encoding },
      };
    }
    const { sha256, validUtf8 } = guard.digest();
    const encoding = decideEncoding(guard.firstBytes, validUtf8);
    await this.transcodeIfNeeded(keys.upload, keys.text, encoding);
    return {
      fileName,
      fileExtension: extension,
      archivedFileName: null,
      archivedFileExtension: null,
      byteSize: stat.size,
      entries: { byteSize: stat.size, sha256, encoding },
    };
  }

  /** Keeps a UTF-8 copy of a file in another encoding: every later read is of UTF-8 text. */
  private async transcodeIfNeeded(sourceKey: string, textKey: string, encoding: TextEncodingName): Promise<void> {
    if (!needsTranscoding(encoding)) return;
    const write = await this.storage.openWrite(textKey);
    try {
      await pipeline(Readable.from(utf8Text(this.storage.createReadStream(sourceKey), encoding)), write.stream);
      await write.commit();
    } catch (error) {
      await write.abort();
      throw error;
    }
  }
}
