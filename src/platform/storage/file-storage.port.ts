import type { Readable, Writable } from 'node:stream';

/**
 * Where files live (entries files and their indexes, certificates, branding images, generator results): a local folder by default, an S3-compatible
 * store as the scale-out path. Keys are relative paths of letters, digits, '.', '_' and '-' segments separated by
 * '/', no segment starting with '.'.
 */
export interface FileStorage {
  /**
   * What one ranged read costs, as a number of bytes read in sequence (a seek locally, a round trip to S3): a reader
   * picking many rows out of a file compares it with the gaps between them.
   */
  readonly rangedReadCostBytes: number;
  /**
   * Starts writing `key`. Bytes go to `stream`; the file appears under the key only when `commit()` resolves, so
   * readers never see a partial file, and `abort()` leaves nothing behind.
   */
  openWrite(key: string): Promise<FileWrite>;
  /** Reads a file, or the bytes [range.start, range.end) of it (end exclusive, default the end of the file). */
  createReadStream(key: string, range?: ByteRange): Readable;
  /** The file's size and when it was last written, or null when there is no such file. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Removes a file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** The keys of the files (committed ones only) whose key starts with `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<string>;
  /**
   * Removes what writes started before `before` and never committed nor aborted left behind (a process killed
   * mid-write); answers how many. A local folder's `.partial` files; an S3 bucket's incomplete multipart uploads
   * are its AbortIncompleteMultipartUpload lifecycle rule's (their parts are invisible to readers).
   */
  removeAbandonedWrites(before: Date): Promise<number>;
  /** Resolves when the store can be reached and written to (readiness); rejects with the reason otherwise. */
  checkHealth(): Promise<void>;
}

export interface FileWrite {
  readonly stream: Writable;
  /** After the stream has ended: makes the file visible under its key (replacing an older one) and answers its size. */
  commit(): Promise<StoredFileStat>;
  /** Discards the bytes written; safe to call more than once and after a failed commit. */
  abort(): Promise<void>;
}

export interface ByteRange {
  start: number;
  /** Exclusive. */
  end?: number;
}

interface StoredFileStat {
  size: number;
}

export interface StoredFileInfo extends StoredFileStat {
  modifiedAt: Date;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
