import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { Utf8Validator } from '#entries-file';
import { SIGNATURE_PROBE_BYTES } from '#rules';

/** The stream carried more bytes than the limit allows. */
export class ByteLimitExceededError extends Error {
  constructor(readonly limitBytes: number) {
    super(`More than ${limitBytes} bytes`);
  }
}

/**
 * Watches the bytes of an upload (or of the file extracted from a zip) on their way to storage: fails the stream at
 * limit + 1 bytes, keeps the first bytes for the type checks and, for entries files, computes the SHA-256 and
 * checks whether the bytes are UTF-8. Nothing is buffered beyond the first few kilobytes.
 */
export class UploadGuard extends Transform {
  bytes = 0;
  readonly head = new Uint8Array(SIGNATURE_PROBE_BYTES);
  private headLength = 0;
  private readonly hash: Hash | null;
  private readonly utf8: Utf8Validator | null;

  constructor(
    private readonly limitBytes: number,
    options: { entriesFile: boolean },
  ) {
    super();
    this.hash = options.entriesFile ? createHash('sha256') : null;
    this.utf8 = options.entriesFile ? new Utf8Validator() : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limitBytes) {
      callback(new ByteLimitExceededError(this.limitBytes));
      return;
    }
    if (this.headLength < this.head.length) {
      const part = chunk.subarray(0, this.head.length - this.headLength);
      this.head.set(part, this.headLength);
      this.headLength += part.length;
    }
    this.hash?.update(chunk);
    this.utf8?.push(chunk);
    callback(null, chunk);
  }

  /** The first bytes seen (up to SIGNATURE_PROBE_BYTES). */
  get firstBytes(): Uint8Array {
    return this.head.subarray(0, this.headLength);
  }

  /** After the stream ended: the SHA-256 (hex) and whether every byte was UTF-8. */
  digest(): { sha256: string; validUtf8: boolean } {
    if (!this.hash || !this.utf8) throw new Error('Not an entries file guard.');
    return { sha256: this.hash.digest('hex'), validUtf8: this.utf8.end() };
  }
}
