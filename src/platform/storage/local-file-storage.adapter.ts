import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { assertStorageKey, type ByteRange, type FileStorage, type FileWrite, type StoredFileInfo } from './file-storage.port.js';

const READ_CHUNK_BYTES = 1024 * 1024;
/** A write in progress: `<key>.<12 hex digits>.partial`. */
const PARTIAL_FILE = /\.[0-9a-f]{12}\.partial$/;

/**
 * Files in a local folder (DATA_DIR/files). A write goes to `<key>.<random>.partial` beside its target and is renamed
 * over it on commit (atomic on one file system), after the data has been flushed to disk.
 */
export class LocalFileStorage implements FileStorage {
  readonly root: string;
  readonly rangedReadCostBytes = 64 * 1024;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async openWrite(key: string): Promise<FileWrite> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    const stream = createWriteStream(partial, { flags: 'wx', flush: true, highWaterMark: READ_CHUNK_BYTES });
    let settled = false;
    const closed = finished(stream).catch(() => undefined);
    return {
      stream,
      commit: async () => {
        if (settled) throw new Error(`The write of ${key} is already settled.`);
        await finished(stream);
        await rename(partial, target);
        settled = true;
        return { size: (await stat(target)).size };
      },
      abort: async () => {
        if (settled) return;
        settled = true;
        stream.destroy();
        await closed;
        await rm(partial, { force: true });
      },
    };
  }

  createReadStream(key: string, range?: ByteRange): Readable {
    const path = this.pathOf(key);
    if (range && range.end !== undefined && range.end <= range.start) {
      // fs cannot express an empty range (its end is inclusive).
      return Readable.from([]);
    }
    return createReadStream(path, {
      start: range?.start,
      end: range?.end === undefined ? undefined : range.end - 1,
      highWaterMark: READ_CHUNK_BYTES,
    });
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const found = await stat(this.pathOf(key));
      return { size: found.size, modifiedAt: found.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<string> {
    for await (const { key } of this.walk(prefix.slice(0, Math.max(0, prefix.lastIndexOf('/'))), prefix)) {
      if (!PARTIAL_FILE.test(key)) yield key;
    }
  }

  async removeAbandonedWrites(before: Date): Promise<number> {
    let removed = 0;
    for await (const { key, path } of this.walk('', '')) {
      if (!PARTIAL_FILE.test(key)) continue;
      // Written to within the period: a write still going on (a slow upload), not one left behind.
      const modified = await stat(path).then(
        (found) => found.mtime,
        () => null,
      );
      if (!modified || modified >= before) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }

  /** Files under the folder `dirKey` ('' for the root) whose key starts with `prefix`, in folders that may hold one. */
  private async *walk(dirKey: string, prefix: string): AsyncGenerator<{ key: string; path: string }> {
    const dir = dirKey ? this.pathOf(dirKey) : this.root;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const key = dirKey ? `${dirKey}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        yield { key, path: join(dir, entry.name) };
      }
    }
  }

  async checkHealth(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, key);
  }
}
