import { FILE_STORAGE, type FileStorage } from '../../../src/platform/storage/file-storage.port.js';
import { readStoredFile, writeStoredFile } from '../../../src/platform/storage/stored-files.js';
import { RandomNumbersService } from '../../../src/tools/application/random-numbers.service.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { download, generateNumbers, WHOLE_RANGE } from '../../support/tools.js';

describe('GET /download/numbers/<fileName>.csv|.txt (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('downloads the numbers as CSV (header, CRLF) and TXT (one per line), as attachments', async () => {
    const { body } = await generateNumbers(t.app, { count: 50, ...WHOLE_RANGE, seed: 'download me' }).expect(200);
    const csv = await download(t.app, `/download/numbers/${body.fileName}.csv`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`attachment; filename="${body.fileName}.csv"`);
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.body).toBe(`Number\r\n${body.numbers.join('\r\n')}\r\n`);
    const txt = await download(t.app, `/download/numbers/${body.fileName}.txt`).expect(200);
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.body).toBe(`${body.numbers.join('\n')}\n`);
  });

  it('downloads grouped numbers with their counts, in the order shown', async () => {
    const { body } = await generateNumbers(t.app, { count: 300, lowerLimit: '1', upperLimit: '6', groupingOption: true, orderingOption: 1, seed: 'grouped' }).expect(200);
    const csv = await download(t.app, `/download/numbers/${body.fileName}.csv`).expect(200);
    expect(csv.body).toBe(`Number,Count\r\n${body.numbers.map((n: string, i: number) => `${n},${body.counts[i]}`).join('\r\n')}\r\n`);
    const txt = await download(t.app, `/download/numbers/${body.fileName}.txt`).expect(200);
    expect(txt.body).toBe(`${body.numbers.map((n: string, i: number) => `${n} ×${body.counts[i]}`).join('\n')}\n`);
  });

  it('downloads all 1,000,000 unique numbers, beginning with the preview', async () => {
    const { body } = await generateNumbers(t.app, { count: 1_000_000, ...WHOLE_RANGE, uniqueOption: true, seed: 'a million to download' }).expect(200);
    const csv = await download(t.app, `/download/numbers/${body.fileName}.csv`).expect(200);
    const rows = (csv.body as string).split('\r\n');
    expect(rows.shift()).toBe('Number');
    expect(rows.pop()).toBe('');
    expect(rows).toHaveLength(1_000_000);
    expect(rows.slice(0, 1000)).toEqual(body.numbers);
    expect(new Set(rows).size).toBe(1_000_000);
    for (const row of rows) {
      if (!/^[0-9]{1,18}$/.test(row)) throw new Error(`not a number in range: ${row}`);
    }
    const txt = await download(t.app, `/download/numbers/${body.fileName}.txt`).expect(200);
    expect(txt.body).toBe(rows.join('\n') + '\n');
  });

  it('downloads a sequence of 1,000,000 as every number of the range once', async () => {
    const ok = await generateNumbers(t.app, { mode: 'sequence', lowerLimit: '999999999999000000', upperLimit: '999999999999999999', seed: 'sequence file' }).expect(200);
    const txt = await download(t.app, `/download/numbers/${ok.body.fileName}.txt`).expect(200);
    const lines = (txt.body as string).trimEnd().split('\n');
    expect(lines).toHaveLength(1_000_000);
    expect(lines.slice(0, 1000)).toEqual(ok.body.numbers);
    const offsets = new Uint8Array(1_000_000);
    for (const line of lines) offsets[Number(BigInt(line) - 999_999_999_999_000_000n)]++;
    expect(offsets.every((seen) => seen === 1)).toBe(true);
  });

  it('answers 404 for an unknown, malformed, mistyped or expired name', async () => {
    const { body } = await generateNumbers(t.app, { count: 5, lowerLimit: '1', upperLimit: '10', seed: 'short lived' }).expect(200);
    const id = body.fileName.slice('random-numbers-'.length);
    for (const path of [
      `/download/numbers/random-numbers-${'0'.repeat(32)}.csv`,
      `/download/numbers/${body.fileName}.pdf`,
      `/download/numbers/${body.fileName}`,
      `/download/numbers/random-sequence-${id}.csv`,
      `/download/numbers/${body.fileName.toUpperCase()}.csv`,
      '/download/numbers/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const response = await download(t.app, path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(JSON.parse(response.body as string)).toEqual({ message: expect.any(String) });
    }
    await download(t.app, `/download/numbers/${body.fileName}.csv`).expect(200);

    await t.query("UPDATE rng_file SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    await download(t.app, `/download/numbers/${body.fileName}.csv`).expect(404);
    expect(await storage().stat(`generator-results/${id}.csv`)).not.toBeNull();
    expect(await t.app.get(RandomNumbersService).sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.query('SELECT id FROM rng_file WHERE id = $1', [id])).toEqual([]);
    expect(await storage().stat(`generator-results/${id}.csv`)).toBeNull();
    expect(await storage().stat(`generator-results/${id}.txt`)).toBeNull();
  });

  const storage = () => t.app.get<symbol, FileStorage>(FILE_STORAGE);

  it('keeps the request in the database and the result as CSV and TXT files behind the storage port', async () => {
    const { body } = await generateNumbers(t.app, { count: 7, lowerLimit: '1', upperLimit: '1000', uniqueOption: true, orderingOption: 1, orderingDirection: 1, seed: 'what is kept' }).expect(200);
    const id = body.fileName.slice('random-numbers-'.length);
    expect((await readStoredFile(storage(), `generator-results/${id}.csv`))?.toString()).toBe(`Number\r\n${body.numbers.join('\r\n')}\r\n`);
    expect((await readStoredFile(storage(), `generator-results/${id}.txt`))?.toString()).toBe(`${body.numbers.join('\n')}\n`);
    const [row] = await t.query('SELECT * FROM rng_file WHERE id = $1', [id]);
    expect(row).toMatchObject({
      mode: 'numbers',
      lower_limit: '1',
      upper_limit: '1000',
      count: 7,
      ordering: 1,
      direction: 1,
      grouping: false,
      unique_values: true,
      seed: 'what is kept',
      algorithm: 1,
    });
  });

  it('streams the stored file, even after the algorithm changed, and regenerates the numbers only when the file is missing', async () => {
    const { body } = await generateNumbers(t.app, { count: 20, lowerLimit: '1', upperLimit: '99', seed: 'stored or not' }).expect(200);
    const id = body.fileName.slice('random-numbers-'.length);
    const expected = `${body.numbers.join('\n')}\n`;
    // A file that differs from what the seed gives shows that the download reads the store, not the generator.
    await writeStoredFile(storage(), `generator-results/${id}.txt`, Buffer.from('from the store\n'));
    expect((await download(t.app, `/download/numbers/${body.fileName}.txt`).expect(200)).body).toBe('from the store\n');

    await storage().delete(`generator-results/${id}.txt`);
    expect((await download(t.app, `/download/numbers/${body.fileName}.txt`).expect(200)).body).toBe(expected);

    // Another algorithm version made the request: its stored file is still the result; without it nothing can be.
    await t.query('UPDATE rng_file SET algorithm = algorithm + 1 WHERE id = $1', [id]);
    await download(t.app, `/download/numbers/${body.fileName}.csv`).expect(200);
    await download(t.app, `/download/numbers/${body.fileName}.txt`).expect(404);
  });

  it('allows 30 downloads of one file a minute', async () => {
    const { body } = await generateNumbers(t.app, { count: 2, lowerLimit: '1', upperLimit: '10', seed: 'popular file' }).expect(200);
    for (let i = 0; i < 30; i++) await download(t.app, `/download/numbers/${body.fileName}.txt`).expect(200);
    const refused = await download(t.app, `/download/numbers/${body.fileName}.txt`).expect(429);
    expect(JSON.parse(refused.body as string)).toEqual({ message: expect.stringMatching(/^Too many downloads\. Please try again in \d+ s\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
