import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { FileStorage } from '../../platform/storage/file-storage.port.js';
import { LocalFileStorage } from '../../platform/storage/local-file-storage.adapter.js';
import { UploadRefusedError } from '../domain/upload.errors.js';
import { extractEntriesFile } from './zip-extraction.js';

const LIMIT = { bytes: 1024 * 1024, mb: 1 };

async function zipOf(name: string, content: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('extractEntriesFile', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fairdraw-zip-'));
    storage = new LocalFileStorage(root);
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function stored(key: string, bytes: Buffer): Promise<number> {
    const write = await storage.openWrite(key);
    await pipeline(PassThrough.from([bytes]), write.stream);
    return (await write.commit()).size;
  }

  it('extracts the one entries file, and calls a zip it cannot read unreadable', async () => {
    const size = await stored('in/entries.zip', await zipOf('entries.csv', 'name\nAnn\nBob\n'));
    const extracted = await extractEntriesFile(storage, 'in/entries.zip', size, 'out/entries', LIMIT);
    expect(extracted).toMatchObject({ archivedFileName: 'entries.csv', byteSize: 13 });
    const junk = await stored('in/junk.zip', Buffer.from('PK this is not a zip archive at all'));
    await expect(extractEntriesFile(storage, 'in/junk.zip', junk, 'out/junk', LIMIT)).rejects.toEqual(new UploadRefusedError('zip', 'Invalid zip file. The file could not be read as a zip archive.'));
  });

  it("answers a storage failure as the server's, never as the customer's zip being invalid", async () => {
    const size = await stored('in/entries.zip', await zipOf('entries.csv', 'name\nAnn\nBob\n'));
    const diskFull = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const failingWrites: FileStorage = Object.assign(Object.create(storage) as FileStorage, {
      openWrite: async () => ({
        stream: new Writable({ write: (_chunk, _encoding, done) => done(diskFull) }),
        commit: () => Promise.reject(new Error('not written')),
        abort: async () => undefined,
      }),
    });
    await expect(extractEntriesFile(failingWrites, 'in/entries.zip', size, 'out/entries', LIMIT)).rejects.toBe(diskFull);

    const unreachable = new Error('storage unreachable');
    const failingReads: FileStorage = Object.assign(Object.create(storage) as FileStorage, {
      createReadStream: () => {
        const stream = new PassThrough();
        process.nextTick(() => stream.destroy(unreachable));
        return stream;
      },
    });
    await expect(extractEntriesFile(failingReads, 'in/entries.zip', size, 'out/entries', LIMIT)).rejects.toBe(unreachable);
  });
});
