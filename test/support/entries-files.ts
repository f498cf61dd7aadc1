// Helpers for the uploads API tests: multipart uploads through supertest, zip fixtures made with yazl, and a look
// at what is left in the app's DATA_DIR.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import yazl from 'yazl';
import type { TestApp } from './test-app.js';

export const newClientSession = (): string => randomUUID();

export interface UploadOptions {
  name: string;
  content: Buffer | string;
  clientSession?: string | null;
  /** Send clientSession after the file instead of before. */
  sessionLast?: boolean;
}

/** POST /api/Upload with a file (and a client session) as multipart/form-data. */
export function upload(t: TestApp, options: UploadOptions): request.Test {
  const session = options.clientSession === undefined ? newClientSession() : options.clientSession;
  const content = typeof options.content === 'string' ? Buffer.from(options.content) : options.content;
  let test = request(t.app.getHttpServer()).post('/api/Upload');
  if (session !== null && !options.sessionLast) test = test.field('clientSession', session);
  test = test.attach('file', content, { filename: options.name, contentType: 'application/octet-stream' });
  if (session !== null && options.sessionLast) test = test.field('clientSession', session);
  return test;
}

/** Uploads a file and answers its server file name and session; fails the test unless the upload is accepted. */
export async function uploaded(t: TestApp, name: string, content: Buffer | string, clientSession = newClientSession()): Promise<{ fileName: string; clientSession: string }> {
  const response = await upload(t, { name, content, clientSession }).expect(201);
  return { fileName: response.body.serverFileName as string, clientSession };
}

/** A zip holding the given files, as yazl writes it (deflated unless `store`). */
export function makeZip(files: { name: string; content: Buffer | string; store?: boolean }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    if (file.name.endsWith('/')) zip.addEmptyDirectory(file.name);
    else zip.addBuffer(typeof file.content === 'string' ? Buffer.from(file.content) : file.content, file.name, { compress: !file.store });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * Rewrites the uncompressed size that a zip's local header and central directory record for its entries, as a zip
 * bomb that hides its size would.
 */
export function lieAboutUncompressedSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) out.writeUInt32LE(size, at + 22);
    else if (signature === 0x02014b50) out.writeUInt32LE(size, at + 24);
  }
  return out;
}

/** Every regular file under a folder (relative paths). */
export async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path);
      else found.push(path);
    }
  };
  await walk('');
  return found.sort();
}

/** Files of uploads kept in the app's storage (DATA_DIR/files/uploads). */
export function storedUploadFiles(t: TestApp): Promise<string[]> {
  return filesUnder(join(t.dataDir, 'files', 'uploads'));
}
