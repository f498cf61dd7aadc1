import { Inject, Injectable } from '@nestjs/common';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { FILE_STORAGE, type FileStorage } from '../../platform/storage/file-storage.port.js';
import { type Delimiter, EntriesPass, type EntriesPassResult, type EntrySelection, needsTranscoding, type PackedBytes, textSample, utf8TextOffset } from '#entries-file';
import { decodeIndexFile, encodeIndexFile, type IndexArray } from '../domain/entries-index-file.js';
import type { Upload } from '../domain/upload.js';
import { uploadFileKeys, uploadFilesPrefix, uploadIdOfKey, UPLOADS_PREFIX } from './upload-file-keys.js';

/** Rows read one ranged read each, this many at a time. */
const RANGED_READ_CONCURRENCY = 8;

/**
 * The stored text of an upload's entries file and its index files: one full read for a pass, ranged reads for rows,
 * whole reads for indexes. Everything goes through the storage port.
 */
@Injectable()
export class EntriesStorage {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  /** The entries file exactly as the draw hashed it (the upload itself, or the file extracted from its zip). */
  openEntries(upload: Upload): Readable {
    const keys = uploadFileKeys(upload.id);
    return this.storage.createReadStream(upload.archivedFileName !== null ? keys.entries : keys.upload);
  }

  /** The stored UTF-8 text: the entries file itself, or its UTF-8 copy when it was in another encoding. */
  textKey(upload: Upload): string {
    const keys = uploadFileKeys(upload.id);
    if (needsTranscoding(upload.entries.encoding)) return keys.text;
    return upload.archivedFileName !== null ? keys.entries : keys.upload;
  }

  /** Whether the stored text is still there (a draw whose file is gone can never be drawn). */
  async hasText(upload: Upload): Promise<boolean> {
    return (await this.storage.stat(this.textKey(upload))) !== null;
  }

  /** Offset of the first text byte in the stored text (after a UTF-8 byte order mark). */
  textOffset(upload: Upload): number {
    return needsTranscoding(upload.entries.encoding) ? 0 : utf8TextOffset(upload.entries.encoding);
  }

  /** The start of the text for delimiter detection, and whether it is all of it. */
  async sample(upload: Upload): Promise<[Uint8Array, boolean]> {
    return textSample(this.storage.createReadStream(this.textKey(upload), { start: this.textOffset(upload) }));
  }

  /** Bytes of the stored text (after a byte order mark). */
  async textByteSize(upload: Upload): Promise<number> {
    const stat = await this.storage.stat(this.textKey(upload));
    if (stat === null) throw new Error(`The stored text of upload ${upload.id} is missing.`);
    return stat.size - this.textOffset(upload);
  }

  /**
   * One full read of the text through the rules of docs/verification.md.
   * @param expectedRows rows the file probably has, to size the arrays up front
   */
  async runPass(upload: Upload, delimiter: Delimiter, selection?: EntrySelection, expectedRows?: number): Promise<EntriesPassResult> {
    const textOffset = this.textOffset(upload);
    // The column checks are confirmation's: a processing pass (with a selection) has them already.
    const pass = new EntriesPass({ delimiter, textOffset, selection, checkColumns: selection === undefined, expectedRows });
    for await (const chunk of this.storage.createReadStream(this.textKey(upload), { start: textOffset })) pass.push(chunk as Buffer);
    return pass.finish();
  }

  /**
   * The bytes of rows `indices` (positions in `starts`/`lengths`), in the order asked, packed one after the other
   * (no array per row: a million small arrays cost seconds): one ranged read each when they are few and far apart,
   * else copied out of one sequential read from the first to the last, in file order.
   */
  async readRows(upload: Upload, starts: ArrayLike<number>, lengths: ArrayLike<number>, indices: ArrayLike<number>): Promise<PackedBytes> {
    const key = this.textKey(upload);
    const count = indices.length;
    const offsets = new Float64Array(count + 1);
    let first = Infinity;
    let last = 0;
    for (let i = 0; i < count; i++) {
      const row = indices[i];
      offsets[i + 1] = offsets[i] + lengths[row];
      first = Math.min(first, starts[row]);
      last = Math.max(last, starts[row] + lengths[row]);
    }
    const bytes = new Uint8Array(offsets[count]);
    if (count === 0) return { bytes, offsets };
    // Many rows close together are picked out of one sequential read, few rows far apart are read one by one.
    if (count * this.storage.rangedReadCostBytes < last - first) {
      let next = 0;
      const worker = async () => {
        while (next < count) {
          const i = next++;
          const row = indices[i];
          bytes.set(await this.readRange(key, starts[row], starts[row] + lengths[row]), offsets[i]);
        }
      };
      await Promise.all(Array.from({ length: Math.min(RANGED_READ_CONCURRENCY, count) }, worker));
      return { bytes, offsets };
    }
    if (last === first) return { bytes, offsets };
    const order = fileOrder(indices);
    // The row being copied (its place in `order`) and how many of its bytes are copied already.
    let next = 0;
    let filled = 0;
    let position = first;
    for await (const raw of this.storage.createReadStream(key, { start: first, end: last })) {
      const chunk = raw as Buffer;
      const chunkEnd = position + chunk.length;
      while (next < count) {
        const slot = order[next];
        const row = indices[slot];
        const length = lengths[row];
        if (filled === 0 && next > 0 && indices[order[next - 1]] === row) {
          // The same row asked again: a copy of the copy just made.
          const earlier = order[next - 1];
          bytes.copyWithin(offsets[slot], offsets[earlier], offsets[earlier + 1]);
          next++;
          continue;
        }
        if (length === 0) {
          next++;
          continue;
        }
        const from = starts[row] + filled;
        if (from >= chunkEnd) break;
        const take = Math.min(length - filled, chunkEnd - from);
        bytes.set(chunk.subarray(from - position, from - position + take), offsets[slot] + filled);
        filled += take;
        if (filled < length) break;
        filled = 0;
        next++;
      }
      position = chunkEnd;
    }
    if (next < count) throw new Error('The entries file ended before the rows its index points to.');
    return { bytes, offsets };
  }

  async readRange(key: string, start: number, end: number): Promise<Uint8Array> {
    const bytes = new Uint8Array(end - start);
    let filled = 0;
    for await (const chunk of this.storage.createReadStream(key, { start, end })) {
      bytes.set(chunk as Buffer, filled);
      filled += (chunk as Buffer).length;
    }
    if (filled !== bytes.length) throw new Error(`Read ${filled} of ${bytes.length} bytes of ${key}.`);
    return bytes;
  }

  async writeIndex(key: string, meta: Record<string, unknown>, arrays: Record<string, IndexArray>): Promise<void> {
    const write = await this.storage.openWrite(key);
    try {
      await pipeline(Readable.from(encodeIndexFile(meta, arrays)), write.stream);
      await write.commit();
    } catch (error) {
      await write.abort();
      throw error;
    }
  }

  /** An index file, or null when there is none. */
  async readIndex<M>(key: string): Promise<{ meta: M; arrays: Record<string, IndexArray> } | null> {
    const stat = await this.storage.stat(key);
    if (stat === null) return null;
    // One 8-byte aligned buffer, so the arrays are views into it.
    const bytes = new Uint8Array(new ArrayBuffer(stat.size));
    let filled = 0;
    for await (const chunk of this.storage.createReadStream(key)) {
      bytes.set(chunk as Buffer, filled);
      filled += (chunk as Buffer).length;
    }
    if (filled !== stat.size) throw new Error(`Read ${filled} of ${stat.size} bytes of ${key}.`);
    return decodeIndexFile<M>(bytes);
  }

  /** Removes the files of an upload that failed while being received (before any index exists). */
  async deleteReceived(id: string): Promise<void> {
    for (const key of Object.values(uploadFileKeys(id))) await this.storage.delete(key);
  }

  /** Each stored upload file's upload and key, in no particular order (an upload has several). */
  async *storedUploadFiles(): AsyncIterable<{ id: string; key: string }> {
    for await (const key of this.storage.list(UPLOADS_PREFIX)) {
      const id = uploadIdOfKey(key);
      if (id !== null) yield { id, key };
    }
  }

  /** When a stored file was last written; null when it is gone. */
  async modifiedAt(key: string): Promise<Date | null> {
    return (await this.storage.stat(key))?.modifiedAt ?? null;
  }

  /** Every file of an upload: what was received, and every index made from it since. */
  async deleteAll(id: string): Promise<void> {
    const keys: string[] = [];
    for await (const key of this.storage.list(uploadFilesPrefix(id))) keys.push(key);
    for (const key of keys) await this.storage.delete(key);
  }
}

/**
 * Positions of `indices` sorted by row, which is file order (rows start at increasing offsets). A typed sort of
 * row * n + position keys takes a tenth of the time of a comparator sort on a million winners.
 */
function fileOrder(indices: ArrayLike<number>): ArrayLike<number> {
  const n = indices.length;
  let maxRow = 0;
  for (let i = 0; i < n; i++) maxRow = Math.max(maxRow, indices[i]);
  if ((maxRow + 1) * n > Number.MAX_SAFE_INTEGER) return Array.from({ length: n }, (_, i) => i).sort((a, b) => indices[a] - indices[b]);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = indices[i] * n + i;
  keys.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = keys[i] % n;
  return order;
}
