import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { FileStorage } from '../../platform/storage/file-storage.port.js';
import { UploadRefusedError } from '../domain/upload.errors.js';
import { extensionOf, invalidTypeMessage, type TextExtension } from '#rules';
import { archivedNameOf, isPathOutsideFault, MAX_ZIP_ENTRIES, roleOfZipEntry, ZipMessages } from '../domain/zip-rules.js';
import { ByteLimitExceededError, UploadGuard } from './upload-guard.transform.js';

/** Reads byte ranges of a stored zip for yauzl, so that a zip is never loaded whole. */
class StoredFileReader extends yauzl.RandomAccessReader {
  /** The storage's first read failure: the server's fault, never the customer's zip. */
  failure: unknown;

  constructor(
    private readonly storage: FileStorage,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const stream = this.storage.createReadStream(this.key, { start, end });
    stream.once('error', (error) => (this.failure ??= error));
    return stream;
  }
}

export interface ExtractedEntriesFile {
  archivedFileName: string;
  archivedFileExtension: TextExtension;
  byteSize: number;
  sha256: string;
  validUtf8: boolean;
  firstBytes: Uint8Array;
}

/**
 * Extracts the one entries file of a stored zip into `targetKey`, streaming. Before anything is extracted: at most
 * MAX_ZIP_ENTRIES entries, exactly one txt/csv/tsv file (besides folders and system files), not encrypted, deflated
 * or stored, and its declared size within the limit. While extracting, the bytes are counted against the limit and
 * yauzl checks them against the declared size, so a zip whose headers lie is stopped too.
 */
export async function extractEntriesFile(storage: FileStorage, zipKey: string, zipSize: number, targetKey: string, limit: { bytes: number; mb: number }): Promise<ExtractedEntriesFile> {
  let zip: yauzl.ZipFile;
  const reader = new StoredFileReader(storage, zipKey);
  // A failure of the storage (reading the zip, writing the file) is rethrown as it is: only the zip's own faults are
  // answered as an unreadable zip.
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(reader, zipSize, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw reader.failure ?? new UploadRefusedError('zip', ZipMessages.unreadable);
  }
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) throw new UploadRefusedError('zip', ZipMessages.tooManyEntries);
    const candidates: yauzl.Entry[] = [];
    let excel = 0;
    let others = 0;
    let seen = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        if (++seen > MAX_ZIP_ENTRIES) throw new UploadRefusedError('zip', ZipMessages.tooManyEntries);
        const role = roleOfZipEntry(entry.fileName);
        if (role === 'entries') candidates.push(entry);
        else if (role === 'excel') excel++;
        else if (role === 'other') others++;
      }
    } catch (error) {
      if (error instanceof UploadRefusedError) throw error;
      if (reader.failure) throw reader.failure;
      // A name leading out of the archive is refused for what it is: the zip itself was read.
      throw new UploadRefusedError('zip', isPathOutsideFault(String((error as Error)?.message)) ? ZipMessages.pathOutside : ZipMessages.unreadable);
    }
    if (candidates.length === 0 && excel > 0 && others === 0) throw new UploadRefusedError('type', invalidTypeMessage('xlsx'));
    if (candidates.length !== 1 || excel + others > 0) throw new UploadRefusedError('zip', ZipMessages.oneEntriesFile);
    const entry = candidates[0];
    if (entry.isEncrypted()) throw new UploadRefusedError('zip', ZipMessages.encrypted);
    if (!entry.canDecodeFileData()) throw new UploadRefusedError('zip', ZipMessages.unsupportedCompression);
    if (entry.uncompressedSize > limit.bytes) throw new UploadRefusedError('size', ZipMessages.tooLarge(limit.mb));
    if (entry.uncompressedSize === 0) throw new UploadRefusedError('empty', ZipMessages.empty);

    const guard = new UploadGuard(limit.bytes, { entriesFile: true });
    const write = await storage.openWrite(targetKey);
    // Which stream failed first: the pipeline then ends the others with the same error.
    let firstFailed: 'zip' | 'write' | undefined;
    write.stream.once('error', () => (firstFailed ??= 'write'));
    try {
      const content = await zip.openReadStreamPromise(entry);
      content.once('error', () => (firstFailed ??= 'zip'));
      await pipeline(content, guard, write.stream);
    } catch (error) {
      await write.abort();
      if (error instanceof ByteLimitExceededError) throw new UploadRefusedError('size', ZipMessages.tooLarge(limit.mb));
      const failure = reader.failure ?? (firstFailed === 'write' ? error : undefined);
      if (failure) throw failure;
      throw new UploadRefusedError('zip', /bytes in the stream|too many bytes|too few bytes/i.test(String(error)) ? ZipMessages.sizeMismatch : ZipMessages.unreadable);
    }
    const stat = await write.commit();
    const { sha256, validUtf8 } = guard.digest();
    const archivedFileName = archivedNameOf(entry.fileName);
    return {
      archivedFileName,
      archivedFileExtension: extensionOf(archivedFileName) as TextExtension,
      byteSize: stat.size,
      sha256,
      validUtf8,
      firstBytes: guard.firstBytes.slice(),
    };
  } finally {
    zip.close();
  }
}
