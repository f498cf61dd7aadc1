import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { makeZip, newClientSession, storedUploadFiles, upload } from '../../support/entries-files.js';

const INVALID_TYPE = 'Invalid file type. Only txt, csv, tsv or zip files are allowed.';
const EXCEL_HINT = ' Please save your Excel file as CSV.';
const MB = 1024 * 1024;

describe('POST /api/Upload: entries file rules (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  let listening: string | undefined;
  const baseUrl = async () => (listening ??= await t.listen());

  it('stores a csv under an unguessable server name and answers the upload result', async () => {
    const session = newClientSession();
    const response = await upload(t, { name: 'Spring Promo Entries.csv', content: 'name,tickets\nAnn,3\n', clientSession: session }).expect(201);
    expect(response.body).toEqual({
      serverFileName: expect.stringMatching(/^[0-9a-f]{32}$/),
      headerFileName: 'Spring Promo Entries.csv',
      fileExtension: 'csv',
      archivedFileName: null,
      archivedFileExtension: null,
    });
    const id = response.body.serverFileName as string;
    expect(await storedUploadFiles(t)).toContain(`${id.slice(0, 2)}/${id}.upload`);
    const [row] = await t.query('SELECT client_session, owner_user_id, byte_size, entries_sha256, entries_encoding FROM upload WHERE id = $1', [id]);
    expect(row).toEqual({
      client_session: session,
      owner_user_id: null,
      byte_size: '19',
      entries_sha256: createHash('sha256').update('name,tickets\nAnn,3\n').digest('hex'),
      entries_encoding: 'utf-8',
    });
  });

  it('cuts a name longer than 255 characters at a whole character, so the wizard can save it in a draft', async () => {
    // 130 emoji are 260 UTF-16 units: the cut to the last 255 characters falls inside a surrogate pair.
    const name = '\u{1F600}'.repeat(130) + '.csv';
    const response = await upload(t, { name, content: 'name\nAnn\nBob\n' }).expect(201);
    const headerFileName = response.body.headerFileName as string;
    expect(headerFileName).toBe('\u{1F600}'.repeat(125) + '.csv');
    const [row] = await t.query<{ file_name: string }>('SELECT file_name FROM upload WHERE id = $1', [response.body.serverFileName]);
    expect(row.file_name).toBe(headerFileName);
    // The wizard keeps the upload result in its state, which a draft holds as it is.
    await request(t.app.getHttpServer())
      .post('/api/draw/saveIncompleteDraw/')
      .send({ wizardState: { upload: response.body }, clientSession: newClientSession() })
      .expect(200);
  });

  it('gives two uploads of the same file two different server names', async () => {
    const first = await upload(t, { name: 'a.txt', content: 'x\ny\n' }).expect(201);
    const second = await upload(t, { name: 'a.txt', content: 'x\ny\n' }).expect(201);
    expect(first.body.serverFileName).not.toBe(second.body.serverFileName);
  });

  it('accepts txt, tsv and upper-case extensions, with the client session before or after the file', async () => {
    await upload(t, { name: 'list.TXT', content: 'a\nb\n' }).expect(201);
    const tsv = await upload(t, { name: 'list.tsv', content: 'a\tb\n', sessionLast: true }).expect(201);
    expect(tsv.body.fileExtension).toBe('tsv');
  });

  it('refuses other file types with the spec message, and Excel files with the hint, storing nothing', async () => {
    const before = await storedUploadFiles(t);
    const pdf = await upload(t, { name: 'entries.pdf', content: '%PDF-1.4' }).expect(400);
    expect(pdf.body).toEqual({ message: INVALID_TYPE, modelState: { file: [INVALID_TYPE] } });
    for (const name of ['entries.xlsx', 'old.XLS', 'macro.xlsm']) {
      const excel = await upload(t, { name, content: 'whatever' }).expect(400);
      expect(excel.body.message).toBe(INVALID_TYPE + EXCEL_HINT);
    }
    await upload(t, { name: 'no-extension', content: 'a\n' }).expect(400);
    expect(await storedUploadFiles(t)).toEqual(before);
  });

  it('refuses an Excel workbook renamed to .csv, with the hint, and binary files', async () => {
    const before = await storedUploadFiles(t);
    const xlsx = await makeZip([{ name: '[Content_Types].xml', content: '<Types/>' }]);
    const renamed = await upload(t, { name: 'entries.csv', content: xlsx }).expect(400);
    expect(renamed.body.message).toBe(INVALID_TYPE + EXCEL_HINT);
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect((await upload(t, { name: 'entries.txt', content: ole2 }).expect(400)).body.message).toBe(INVALID_TYPE + EXCEL_HINT);
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    // A non-text file named .csv is told what is wrong with its content, not that its type is not allowed (issue 27).
    expect((await upload(t, { name: 'entries.csv', content: binary }).expect(400)).body.message).toBe(
      'Invalid file. The file you uploaded is not a text file: please upload entries saved as text (txt, csv or tsv).',
    );
    expect(await storedUploadFiles(t)).toEqual(before);
  });

  it('refuses an empty file with the spec message', async () => {
    const before = await storedUploadFiles(t);
    const response = await upload(t, { name: 'empty.csv', content: '' }).expect(400);
    expect(response.body).toEqual({ message: 'Invalid file. The file you uploaded is empty.', modelState: { file: ['Invalid file. The file you uploaded is empty.'] } });
    expect(await storedUploadFiles(t)).toEqual(before);
  });

  describe('with the upload limit set to 1 MB (site setting)', () => {
    beforeAll(async () => {
      await t.query(`INSERT INTO site_setting (key, value) VALUES ('uploadLimitMb', 1)`);
    });

    afterAll(async () => {
      await t.query(`DELETE FROM site_setting WHERE key = 'uploadLimitMb'`);
    });

    it('accepts a file of exactly 1 MB (1,048,576 bytes)', async () => {
      const response = await upload(t, { name: 'exact.csv', content: Buffer.alloc(MB, 'a') }).expect(201);
      const [row] = await t.query('SELECT byte_size FROM upload WHERE id = $1', [response.body.serverFileName]);
      expect(row.byte_size).toBe(String(MB));
    });

    it('refuses 1 MB + 1 byte with 413 and the limit in the message, leaving no partial file', async () => {
      const before = await storedUploadFiles(t);
      const uploadsBefore = await t.query('SELECT count(*)::int AS n FROM upload');
      const response = await upload(t, { name: 'big.csv', content: Buffer.alloc(MB + 1, 'a') }).expect(413);
      expect(response.body).toEqual({ message: 'Invalid file size. The maximum file size is 1MB.', modelState: { file: ['Invalid file size. The maximum file size is 1MB.'] } });
      expect(await storedUploadFiles(t)).toEqual(before);
      expect(await t.query('SELECT count(*)::int AS n FROM upload')).toEqual(uploadsBefore);
    });

    it('answers 413 once limit + 1 bytes have arrived, without waiting for the rest of the body', async () => {
      const before = await storedUploadFiles(t);
      const base = await baseUrl();
      // The client sends the start of a 300 MB upload and then waits: the answer must come anyway.
      const { status, body, bytesSent, connection } = await partialUpload(base, MB + 64 * 1024, 300 * MB);
      expect(status).toBe(413);
      // And asks the client to stop sending.
      expect(connection).toBe('close');
      expect(JSON.parse(body).message).toBe('Invalid file size. The maximum file size is 1MB.');
      expect(bytesSent).toBeLessThan(2 * MB);
      expect(await storedUploadFiles(t)).toEqual(before);
    });
  });

  it('removes the partial file when the client goes away in the middle of an upload', async () => {
    const before = await storedUploadFiles(t);
    const base = await baseUrl();
    const { abort } = startUpload(base, 256 * 1024, 10 * MB);
    // The upload is being written: a partial file exists...
    await eventually(async () => (await storedUploadFiles(t)).some((f) => f.endsWith('.partial')));
    abort();
    // ...and is gone once the server has seen the connection close.
    await eventually(async () => JSON.stringify(await storedUploadFiles(t)) === JSON.stringify(before));
    await upload(t, { name: 'after.csv', content: 'a\n' }).expect(201);
  });

  it('requires a valid client session, and stores nothing without one', async () => {
    const before = await storedUploadFiles(t);
    const missing = await upload(t, { name: 'a.csv', content: 'a\n', clientSession: null }).expect(400);
    expect(missing.body).toEqual({ message: 'The client session is missing or invalid.', modelState: { clientSession: ['The client session is missing or invalid.'] } });
    await upload(t, { name: 'a.csv', content: 'a\n', clientSession: 'bad session!' }).expect(400);
    await upload(t, { name: 'a.csv', content: 'a\n', clientSession: 'short', sessionLast: true }).expect(400);
    expect(await storedUploadFiles(t)).toEqual(before);
  });

  it('asks for a file when there is none, refuses two files and non-multipart bodies', async () => {
    const http = () => request(t.app.getHttpServer());
    const none = await http().post('/api/Upload').field('clientSession', newClientSession()).expect(400);
    expect(none.body).toEqual({ message: 'Please choose a file to upload.', modelState: { file: ['Please choose a file to upload.'] } });
    const two = await http().post('/api/Upload').field('clientSession', newClientSession()).attach('file', Buffer.from('a\n'), 'one.csv').attach('file', Buffer.from('b\n'), 'two.csv').expect(400);
    expect(two.body.message).toBe('Please upload one file at a time.');
    const json = await http().post('/api/Upload').send({ clientSession: newClientSession() }).expect(415);
    expect(json.body).toEqual({ message: 'Files must be uploaded as multipart/form-data.', modelState: { file: ['Files must be uploaded as multipart/form-data.'] } });
  });
});

/**
 * Starts a multipart upload that declares `declaredBytes` of file, sends only `sentBytes` of it, keeps the request
 * open, and answers the response that arrives meanwhile.
 */
function partialUpload(base: string, sentBytes: number, declaredBytes: number): Promise<{ status: number; body: string; bytesSent: number; connection: string | undefined }> {
  const boundary = 'fairdraw-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="clientSession"\r\n\r\n${newClientSession()}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const url = new URL('/api/Upload', base);
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + declaredBytes + tail.length },
    });
    let bytesSent = 0;
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, bytesSent, connection: res.headers.connection });
      });
    });
    req.on('error', (error) => {
      if (bytesSent < sentBytes) reject(error);
    });
    req.write(head);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const send = () => {
      while (bytesSent < sentBytes) {
        bytesSent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', send);
          return;
        }
      }
      // Deliberately never ends the request.
    };
    send();
  });
}

/** Starts an upload that sends `sentBytes` of a declared `declaredBytes` file and waits; `abort` cuts the connection. */
function startUpload(base: string, sentBytes: number, declaredBytes: number): { abort: () => void } {
  const boundary = 'fairdraw-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="clientSession"\r\n\r\n${newClientSession()}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const req = httpRequest(new URL('/api/Upload', base), {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + declaredBytes + 40 },
  });
  req.on('error', () => undefined);
  req.write(head);
  req.write(Buffer.alloc(sentBytes, 'y'));
  return { abort: () => req.destroy() };
}

/** Waits until `condition` holds (checked every 20 ms), failing after 10 s. */
async function eventually(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition did not hold within 10 s.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
