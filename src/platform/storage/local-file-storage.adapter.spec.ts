import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LocalFileStorage } from './local-file-storage.adapter.js';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fairdraw-storage-'));
    storage = new LocalFileStorage(root);
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('publishes a file only on commit, then reads it whole or by range', async () => {
    const write = await storage.openWrite('a/b/file.txt');
    await pipeline(Readable.from(['hello ', 'world']), write.stream);
    expect(await storage.stat('a/b/file.txt')).toBeNull();
    expect(await write.commit()).toEqual({ size: 11 });
    expect(await text(storage.createReadStream('a/b/file.txt'))).toBe('hello world');
    expect(await text(storage.createReadStream('a/b/file.txt', { start: 6 }))).toBe('world');
    expect(await text(storage.createReadStream('a/b/file.txt', { start: 2, end: 5 }))).toBe('llo');
    expect(await text(storage.createReadStream('a/b/file.txt', { start: 3, end: 3 }))).toBe('');
  });

  it('leaves nothing behind when a write is aborted, even mid-stream', async () => {
    const write = await storage.openWrite('x/partial.bin');
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(pipeline(failing, write.stream)).rejects.toThrow('client went away');
    await write.abort();
    await write.abort();
    expect(await readdir(join(root, 'x'))).toEqual([]);
    expect(await storage.stat('x/partial.bin')).toBeNull();
  });

  it('replaces a file atomically and deletes idempotently', async () => {
    for (const content of ['one', 'two']) {
      const write = await storage.openWrite('k');
      await pipeline(Readable.from([content]), write.stream);
      await write.commit();
    }
    expect(await text(storage.createReadStream('k'))).toBe('two');
    await storage.delete('k');
    await storage.delete('k');
    expect(await storage.stat('k')).toBeNull();
  });

  it('refuses keys that could leave the folder', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', '.hidden', 'a//b', '']) {
      await expect(storage.stat(key)).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('lists the committed files under a prefix, never a write going on', async () => {
    for (const key of ['list/ab/x1.upload', 'list/ab/x1.rows', 'list/ab/x10.upload', 'list/cd/x1.upload', 'other/x1.upload']) {
      const write = await storage.openWrite(key);
      await pipeline(Readable.from(['x']), write.stream);
      await write.commit();
    }
    const ongoing = await storage.openWrite('list/ab/x1.text');
    ongoing.stream.write('x');
    const listed = async (prefix: string) => {
      const keys: string[] = [];
      for await (const key of storage.list(prefix)) keys.push(key);
      return keys.sort();
    };
    expect(await listed('list/ab/x1.')).toEqual(['list/ab/x1.rows', 'list/ab/x1.upload']);
    expect(await listed('list/')).toEqual(['list/ab/x1.rows', 'list/ab/x1.upload', 'list/ab/x10.upload', 'list/cd/x1.upload']);
    expect(await listed('li')).toHaveLength(4);
    expect(await listed('missing/x')).toEqual([]);
    await ongoing.abort();
  });
});
