import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './file-storage.port.js';

/**
 * Writes a file from its chunks (a generator streams a big one without holding it whole); readers never see it half
 * written, and a failure leaves nothing behind.
 */
export async function writeStoredFile(storage: FileStorage, key: string, chunks: Buffer | Iterable<string | Buffer>): Promise<void> {
  const write = await storage.openWrite(key);
  try {
    await pipeline(Readable.from(Buffer.isBuffer(chunks) ? [chunks] : chunks), write.stream);
    await write.commit();
  } catch (error) {
    await write.abort();
    throw error;
  }
}

/** A small file whole, or null when there is none. */
export async function readStoredFile(storage: FileStorage, key: string): Promise<Buffer | null> {
  if (!(await storage.stat(key))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of storage.createReadStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
