import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../../platform/storage/file-storage.port.js';

/** Writes a small file whole; readers never see it half written. */
export async function writeStoredFile(storage: FileStorage, key: string, bytes: Buffer): Promise<void> {
  const write = await storage.openWrite(key);
  try {
    await pipeline(Readable.from([bytes]), write.stream);
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
