import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import request from 'supertest';
import { createS3Client, S3FileStorage, type S3StorageSettings } from '../../src/platform/storage/s3-file-storage.adapter.js';
import { browser } from '../support/accounts.js';
import { simpleDraw } from '../support/draws.js';
import { filesUnder, makeZip, uploaded } from '../support/entries-files.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { download, generateNumbers } from '../support/tools.js';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3-compatible storage (s3rver)', () => {
  let s3: S3Server;
  let settings: S3StorageSettings;
  let storage: S3FileStorage;

  const keysUnder = async (prefix: string): Promise<string[]> => {
    const listed = await createS3Client(settings).send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    settings = {
      bucket: s3.bucket,
      prefix: 'unit/',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      partSizeBytes: 5 * 1024 * 1024,
    };
    storage = new S3FileStorage(createS3Client(settings), settings);
  });

  afterAll(async () => {
    storage.close();
    await s3.close();
  });

  describe('the adapter', () => {
    it('publishes a small file only on commit, then reads it whole or by range', async () => {
      const write = await storage.openWrite('a/b/file.txt');
      await pipeline(Readable.from(['hello ', 'world']), write.stream);
      expect(await storage.stat('a/b/file.txt')).toBeNull();
      expect(await write.commit()).toEqual({ size: 11 });
      const stored = await storage.stat('a/b/file.txt');
      expect(stored).toEqual({ size: 11, modifiedAt: expect.any(Date) });
      // Its age decides the orphan files sweep: S3's Last-Modified, to the second.
      expect(Math.abs(stored!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect((await bytesOf(storage.createReadStream('a/b/file.txt'))).toString()).toBe('hello world');
      expect((await bytesOf(storage.createReadStream('a/b/file.txt', { start: 6 }))).toString()).toBe('world');
      expect((await bytesOf(storage.createReadStream('a/b/file.txt', { start: 2, end: 5 }))).toString()).toBe('llo');
      expect((await bytesOf(storage.createReadStream('a/b/file.txt', { start: 3, end: 3 }))).toString()).toBe('');
      expect((await bytesOf(storage.createReadStream('a/b/file.txt', { start: 11 }))).toString()).toBe('');
      expect(await keysUnder('unit/a/')).toEqual(['unit/a/b/file.txt']);
    });

    it('uploads a large file in parts, visible only on commit, and reads ranges across part boundaries', async () => {
      const content = randomBytes(12 * 1024 * 1024 + 123);
      const write = await storage.openWrite('big/file.bin');
      // Written in 64 KiB chunks, as a request body arrives.
      await pipeline(
        Readable.from(
          (function* () {
            for (let at = 0; at < content.length; at += 65536) yield content.subarray(at, at + 65536);
          })(),
        ),
        write.stream,
      );
      expect(await storage.stat('big/file.bin')).toBeNull();
      expect(await write.commit()).toEqual({ size: content.length });
      const whole = await bytesOf(storage.createReadStream('big/file.bin'));
      expect(createHash('sha256').update(whole).digest('hex')).toBe(createHash('sha256').update(content).digest('hex'));
      const boundary = 5 * 1024 * 1024;
      const around = await bytesOf(storage.createReadStream('big/file.bin', { start: boundary - 10, end: boundary + 10 }));
      expect(around.equals(content.subarray(boundary - 10, boundary + 10))).toBe(true);
      const tail = await bytesOf(storage.createReadStream('big/file.bin', { start: content.length - 5 }));
      expect(tail.equals(content.subarray(content.length - 5))).toBe(true);
    });

    it('leaves nothing visible when a write is aborted, small or multipart, even mid-stream', async () => {
      const small = await storage.openWrite('x/small.bin');
      await pipeline(Readable.from([Buffer.alloc(1000)]), small.stream);
      await small.abort();
      await small.abort();

      const large = await storage.openWrite('x/large.bin');
      let sent = 0;
      const failing = new Readable({
        read() {
          if (sent >= 6 * 1024 * 1024) return this.destroy(new Error('client went away'));
          sent += 1024 * 1024;
          this.push(Buffer.alloc(1024 * 1024, 1));
        },
      });
      await expect(pipeline(failing, large.stream)).rejects.toThrow('client went away');
      await large.abort();
      expect(await storage.stat('x/small.bin')).toBeNull();
      expect(await storage.stat('x/large.bin')).toBeNull();
      expect(await keysUnder('unit/x/')).toEqual([]);
    });

    it('replaces a file, deletes idempotently, answers null for a missing file and fails a read of one', async () => {
      for (const content of ['one', 'two']) {
        const write = await storage.openWrite('k');
        await pipeline(Readable.from([content]), write.stream);
        await write.commit();
      }
      expect((await bytesOf(storage.createReadStream('k'))).toString()).toBe('two');
      await storage.delete('k');
      await storage.delete('k');
      expect(await storage.stat('k')).toBeNull();
      await expect(bytesOf(storage.createReadStream('k'))).rejects.toThrow();
    });

    it('lists the files under a prefix, without its own key prefix', async () => {
      for (const key of ['list/ab/x1.upload', 'list/ab/x1.rows', 'list/ab/x10.upload', 'list/cd/x1.upload']) {
        const write = await storage.openWrite(key);
        await pipeline(Readable.from(['x']), write.stream);
        await write.commit();
      }
      const listed = async (prefix: string) => {
        const keys: string[] = [];
        for await (const key of storage.list(prefix)) keys.push(key);
        return keys.sort();
      };
      expect(await listed('list/ab/x1.')).toEqual(['list/ab/x1.rows', 'list/ab/x1.upload']);
      expect(await listed('list/')).toHaveLength(4);
      expect(await listed('missing/')).toEqual([]);
    });

    it('refuses keys that are not plain relative paths', async () => {
      for (const key of ['../x', '/etc/passwd', 'a/../../b', '.hidden', 'a//b', '']) {
        await expect(storage.stat(key)).rejects.toThrow(/Invalid storage key/);
      }
    });

    it('is healthy with its bucket and not with a missing one', async () => {
      await expect(storage.checkHealth()).resolves.toBeUndefined();
      const missing = { ...settings, bucket: 'no-such-bucket' };
      const other = new S3FileStorage(createS3Client(missing), missing);
      await expect(other.checkHealth()).rejects.toThrow();
      other.close();
    });
  });

  describe('the app with STORAGE=s3', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ env: { ...s3.env, S3_PREFIX: 'app/', TRUST_PROXY: 'loopback' } });
    });

    afterAll(async () => {
      await t.close();
    });

    function entriesFile(rows: number): string {
      const lines = ['name,tickets,member'];
      for (let i = 1; i <= rows; i++) lines.push(`Name${i}Unique,${(i % 3) + 1},MEMBER-${Math.ceil(i / 2)}-ID`);
      return lines.join('\n') + '\n';
    }

    it('keeps a zipped upload, its extracted file and its indexes in the bucket, draws from them and gives the file back byte for byte', async () => {
      const file = entriesFile(300);
      const zip = await makeZip([{ name: 'entries.csv', content: file }]);
      const { fileName, clientSession } = await uploaded(t, 'entries.zip', zip);
      const confirmed = await request(t.app.getHttpServer()).post('/api/draw/getConfirmDrawDetails').send({ fileName, clientSession, advancedUpload: true, demoMode: false }).expect(200);
      expect(confirmed.body).toMatchObject({ rowCount: 301, headerRowString: 'name,tickets,member' });
      const processed = await request(t.app.getHttpServer())
        .post('/api/draw/processAdvancedUpload')
        .send({ fileName, clientSession, headerRow: true, entryCountColumn: 1, uniqueEntrantIdColumn: 2 })
        .expect(200);
      expect(processed.body).toMatchObject({ entrantCount: 150 });

      const owner = browser(t.app);
      const id = (
        await owner
          .post('/api/draw/submitdraw/')
          .send(
            simpleDraw({
              entryMethod: 'uploadAdvanced',
              entriesCount: undefined,
              fileName,
              headerRowsIncluded: true,
              entryCountColumn: 1,
              entrantUniqueIdColumn: 2,
              prizes: [{ description: 'Car', quantity: 3, reserves: 2 }],
              clientSession,
            }),
          )
          .expect(200)
      ).body as string;
      const draw = (await owner.get('/api/draw/get/').query({ id, clientSession }).expect(200)).body;
      expect(draw.state).toBe('drawn');
      const lines = file.split('\n');
      for (const winner of [...draw.prizes[0].winners, ...draw.prizes[0].reserveWinners]) {
        expect(winner.columns).toEqual(lines[winner.entryNumber].split(','));
      }
      expect(draw.entriesSha256).toBe(createHash('sha256').update(file).digest('hex'));

      const keys = await keysUnder('app/');
      expect(keys.some((key) => key.endsWith(`${fileName}.upload`))).toBe(true);
      expect(keys.some((key) => key.endsWith(`${fileName}.entries`))).toBe(true);
      expect(keys.some((key) => key.endsWith(`${fileName}.rows`))).toBe(true);
      expect(await filesUnder(t.dataDir)).not.toContainEqual(expect.stringMatching(/^files\//));
    });

    it('streams the entries file of a draw to its owner from the bucket', async () => {
      const file = entriesFile(50);
      const { fileName, clientSession } = await uploaded(t, 'plain.csv', file);
      const owner = browser(t.app);
      await owner.post('/api/account/register/').send({
        email: `s3-${Date.now()}@example.com`,
        password: 'correct horse battery',
        firstName: 'Alex',
        lastName: 'Doe',
        isAgent: false,
        optedIntoCommunication: false,
        termsAgreed: true,
      });
      const id = (
        await owner
          .post('/api/draw/submitdraw/')
          .send(simpleDraw({ entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, prizes: [{ quantity: 1, reserves: 0 }] }))
          .expect(200)
      ).body as string;
      const entries = await owner.get(`/download/entries/${id}`).expect(200);
      expect(entries.text).toBe(file);
    });

    it("keeps a generator result's files in the bucket and streams them back", async () => {
      const { body } = await generateNumbers(t.app, { count: 500, lowerLimit: '1', upperLimit: '1000000', seed: 'to the bucket' }).expect(200);
      const id = body.fileName.slice('random-numbers-'.length);
      expect(await keysUnder(`app/generator-results/${id}`)).toEqual([`app/generator-results/${id}.csv`, `app/generator-results/${id}.txt`]);
      const csv = await download(t.app, `/download/numbers/${body.fileName}.csv`).expect(200);
      expect(csv.body).toBe(`Number\r\n${body.numbers.join('\r\n')}\r\n`);
    });
  });

  it('still answers a generator request while the bucket cannot be written, and its download regenerates the numbers', async () => {
    const t = await createTestApp({ env: { ...s3.env, S3_BUCKET: 'no-such-bucket', TRUST_PROXY: 'loopback' } });
    try {
      const { body } = await generateNumbers(t.app, { count: 30, lowerLimit: '1', upperLimit: '50', seed: 'no bucket' }).expect(200);
      const txt = await download(t.app, `/download/numbers/${body.fileName}.txt`).expect(200);
      expect(txt.body).toBe(`${body.numbers.join('\n')}\n`);
    } finally {
      await t.close();
    }
  });
});
