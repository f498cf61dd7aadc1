import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { Logger } from '@nestjs/common';
import { assertStorageKey, type ByteRange, type FileStorage, type FileWrite, type StoredFileInfo } from './file-storage.port.js';

/** S3's smallest part (every part but the last). */
const MIN_PART_BYTES = 5 * 1024 * 1024;
/** Parts sent at the same time by one write: memory per write is about (this + 1) × the part size. */
const PARTS_IN_FLIGHT = 2;

export interface S3StorageSettings {
  bucket: string;
  /** Prepended to every key, e.g. `fairdraw/`. */
  prefix?: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2, s3rver); AWS itself when absent. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Explicit keys; without them the SDK's default chain (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  partSizeBytes?: number;
}

export function createS3Client(settings: S3StorageSettings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle ?? false,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's default trailing CRC32
    // headers, and the entries files carry their own SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/**
 * Files in an S3-compatible bucket, so that any number of processes share them. A write is a multipart upload
 * driven part by part (a small file is one PutObject at commit): the object exists only once `commit()` completes
 * the upload, as the port promises. Reads are GetObject with a Range header, streamed.
 */
export class S3FileStorage implements FileStorage {
  /** A GET costs a round trip (tens of milliseconds): about what a megabyte read in sequence costs. */
  readonly rangedReadCostBytes = 1024 * 1024;
  private readonly logger = new Logger('S3Storage');
  private readonly prefix: string;
  private readonly partSizeBytes: number;

  constructor(
    private readonly client: S3Client,
    private readonly settings: S3StorageSettings,
  ) {
    this.prefix = settings.prefix ?? '';
    this.partSizeBytes = Math.max(settings.partSizeBytes ?? 8 * 1024 * 1024, MIN_PART_BYTES);
  }

  async openWrite(key: string): Promise<FileWrite> {
    const target = { Bucket: this.settings.bucket, Key: this.objectKey(key) };
    const stream = new MultipartWriter(this.client, target, this.partSizeBytes);
    let settled = false;
    return {
      stream,
      commit: async () => {
        if (settled) throw new Error(`The write of ${key} is already settled.`);
        await finished(stream);
        const size = await stream.complete();
        settled = true;
        return { size };
      },
      abort: async () => {
        if (settled) return;
        settled = true;
        stream.destroy();
        await stream.discard().catch((error: unknown) => {
          // Parts left behind are invisible and removed by the bucket's AbortIncompleteMultipartUpload rule.
          this.logger.warn(`Aborting the multipart upload of ${key} failed: ${error instanceof Error ? error.message : String(error)}`);
        });
      },
    };
  }

  createReadStream(key: string, range?: ByteRange): Readable {
    const objectKey = this.objectKey(key);
    if (range && range.end !== undefined && range.end <= range.start) return Readable.from([]);
    const start = range?.start ?? 0;
    const header = range?.end !== undefined ? `bytes=${start}-${range.end - 1}` : start > 0 ? `bytes=${start}-` : undefined;
    const { client } = this;
    const bucket = this.settings.bucket;
    async function* body(): AsyncGenerator<Buffer> {
      let response;
      try {
        response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey, Range: header }));
      } catch (error) {
        // A range starting at or past the end is empty, as it is for a local file.
        if (start > 0 && statusOf(error) === 416) return;
        throw error;
      }
      yield* response.Body as Readable;
    }
    return Readable.from(body(), { objectMode: false });
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      // S3 always answers Last-Modified; without it the file counts as just written (kept by every age rule).
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date() };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<string> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.prefix + prefix, ContinuationToken: continuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(this.prefix.length);
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** Incomplete multipart uploads are the bucket's AbortIncompleteMultipartUpload rule's: nothing else is left behind. */
  async removeAbandonedWrites(): Promise<number> {
    return 0;
  }

  async checkHealth(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      // A HEAD answer has no body, so the SDK's error says little: the status does (404 no bucket, 403 no access).
      const status = statusOf(error);
      throw new Error(status ? `The bucket ${this.settings.bucket} answered ${status}.` : `The bucket ${this.settings.bucket} cannot be reached: ${String(error)}`, { cause: error });
    }
  }

  /** Closes the client's idle sockets. */
  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.prefix + key;
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/**
 * Buffers bytes into parts and uploads each as it fills, at most PARTS_IN_FLIGHT at a time (the stream's
 * back-pressure holds the writer meanwhile). The multipart upload is created with the first full part; `complete()`
 * finishes it, or puts a small file in one request.
 */
class MultipartWriter extends Writable {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private size = 0;
  private uploadId?: Promise<string>;
  private readonly parts: CompletedPart[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown;

  constructor(
    private readonly client: S3Client,
    private readonly target: { Bucket: string; Key: string },
    private readonly partSizeBytes: number,
  ) {
    super({ highWaterMark: 1024 * 1024 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.size += chunk.length;
    if (this.buffered < this.partSizeBytes) return callback();
    this.sendPart().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    // A file smaller than one part is put whole at commit; otherwise the rest is the last part.
    const rest = this.uploadId !== undefined && this.buffered > 0 ? this.sendPart() : Promise.resolve();
    rest.then(() => this.settle()).then(() => callback(), callback);
  }

  /** Makes the object visible; answers its size. */
  async complete(): Promise<number> {
    if (this.uploadId === undefined) {
      const body = Buffer.concat(this.chunks);
      this.chunks = [];
      await this.client.send(new PutObjectCommand({ ...this.target, Body: body, ContentLength: body.length }));
      return this.size;
    }
    await this.client.send(new CompleteMultipartUploadCommand({ ...this.target, UploadId: await this.uploadId, MultipartUpload: { Parts: this.parts } }));
    return this.size;
  }

  /** Drops the parts sent so far. */
  async discard(): Promise<void> {
    this.chunks = [];
    if (this.uploadId === undefined) return;
    await Promise.all(this.inFlight);
    const uploadId = await this.uploadId.catch(() => null);
    if (uploadId !== null) await this.client.send(new AbortMultipartUploadCommand({ ...this.target, UploadId: uploadId }));
  }

  private async sendPart(): Promise<void> {
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    this.buffered = 0;
    const partNumber = this.parts.length + 1;
    this.parts.push({ PartNumber: partNumber });
    this.uploadId ??= this.client.send(new CreateMultipartUploadCommand(this.target)).then((created) => created.UploadId ?? Promise.reject(new Error('S3 answered no UploadId.')));
    const uploadId = this.uploadId;
    const task = (async () => {
      const sent = await this.client.send(new UploadPartCommand({ ...this.target, UploadId: await uploadId, PartNumber: partNumber, Body: body, ContentLength: body.length }));
      this.parts[partNumber - 1] = { PartNumber: partNumber, ETag: sent.ETag };
    })().catch((error: unknown) => {
      this.failure ??= error;
    });
    this.inFlight.add(task);
    void task.then(() => this.inFlight.delete(task));
    while (this.inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(this.inFlight);
    if (this.failure !== undefined) throw this.failure;
  }

  private async settle(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure !== undefined) throw this.failure;
  }
}
