import { createHash } from 'node:crypto';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { lieAboutUncompressedSize, makeZip, storedUploadFiles, upload, uploaded } from '../../support/entries-files.js';

const CSV = 'email,name,tickets\nann@example.com,Ann,3\nbob@example.com,Bob,1\n';
const ONE_FILE = 'Invalid zip file. The zip file must contain exactly one txt, csv or tsv file.';
const MB = 1024 * 1024;

/** Sets the general purpose flag's "encrypted" bit of every entry, as a password-protected zip has it. */
function markEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) out.writeUInt16LE(out.readUInt16LE(at + 6) | 1, at + 6);
    else if (signature === 0x02014b50) out.writeUInt16LE(out.readUInt16LE(at + 8) | 1, at + 8);
  }
  return out;
}

describe('POST /api/Upload: zip files (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('extracts the one entries file, names it in the result, and hashes the extracted file', async () => {
    const zip = await makeZip([{ name: 'export/Entries March.csv', content: CSV }]);
    const response = await upload(t, { name: 'entries.zip', content: zip }).expect(201);
    const id = response.body.serverFileName as string;
    expect(response.body).toEqual({
      serverFileName: expect.stringMatching(/^[0-9a-f]{32}$/),
      headerFileName: 'entries.zip',
      fileExtension: 'zip',
      archivedFileName: 'Entries March.csv',
      archivedFileExtension: 'csv',
    });
    expect(await storedUploadFiles(t)).toEqual(expect.arrayContaining([`${id.slice(0, 2)}/${id}.upload`, `${id.slice(0, 2)}/${id}.entries`]));
    const [row] = await t.query('SELECT byte_size, entries_byte_size, entries_sha256 FROM upload WHERE id = $1', [id]);
    expect(row).toEqual({ byte_size: String(zip.length), entries_byte_size: String(Buffer.byteLength(CSV)), entries_sha256: createHash('sha256').update(CSV).digest('hex') });
  });

  it('confirms the extracted file, naming it by the upload in serverArchivedFileName', async () => {
    const zip = await makeZip([{ name: 'list.tsv', content: 'a\tb\n1\t2\n3\t4\n', store: true }]);
    const { fileName, clientSession } = await uploaded(t, 'entries.zip', zip);
    const details = await request(t.app.getHttpServer()).post('/api/draw/getConfirmDrawDetails').send({ fileName, clientSession, advancedUpload: true }).expect(200);
    expect(details.body).toMatchObject({ rowCount: 3, delimiter: '\t', headerRowColumns: [{ name: 'a' }, { name: 'b' }], serverArchivedFileName: fileName, errorMessage: null });
  });

  it('ignores folders and the files operating systems add', async () => {
    const zip = await makeZip([
      { name: 'data/', content: '' },
      { name: '__MACOSX/data/._list.csv', content: 'junk' },
      { name: 'data/.DS_Store', content: 'junk' },
      { name: 'data/Thumbs.db', content: 'junk' },
      { name: 'data/list.csv', content: CSV },
    ]);
    const response = await upload(t, { name: 'mac.zip', content: zip }).expect(201);
    expect(response.body.archivedFileName).toBe('list.csv');
  });

  it('refuses a zip with two entries files, or with another file beside it, storing nothing', async () => {
    const before = await storedUploadFiles(t);
    const two = await upload(t, {
      name: 'two.zip',
      content: await makeZip([
        { name: 'a.csv', content: CSV },
        { name: 'b.csv', content: CSV },
      ]),
    }).expect(400);
    expect(two.body).toEqual({ message: ONE_FILE, modelState: { file: [ONE_FILE] } });
    const other = await upload(t, {
      name: 'other.zip',
      content: await makeZip([
        { name: 'a.csv', content: CSV },
        { name: 'rules.pdf', content: '%PDF' },
      ]),
    }).expect(400);
    expect(other.body.message).toBe(ONE_FILE);
    const none = await upload(t, { name: 'none.zip', content: await makeZip([{ name: 'rules.pdf', content: '%PDF' }]) }).expect(400);
    expect(none.body.message).toBe(ONE_FILE);
    expect(await storedUploadFiles(t)).toEqual(before);
  });

  it('refuses a zip whose names lead out of its folder with its own message, not as unreadable', async () => {
    const before = await storedUploadFiles(t);
    // yazl writes no such name: the same-length name is patched into the local header and the central directory.
    const named = async (name: string) => {
      const placeholder = 'x'.repeat(name.length - 'evil.csv'.length) + 'evil.csv';
      const zip = await makeZip([{ name: placeholder, content: CSV }]);
      return Buffer.from(zip.toString('latin1').split(placeholder).join(name), 'latin1');
    };
    const message = 'Invalid zip file. A name in the zip file leads out of its folder ("../" or an absolute path), which is not allowed.';
    for (const name of ['../evil.csv', 'data/../../evil.csv', '..\\evil.csv', '/etc/evil.csv', 'C:/x/evil.csv']) {
      const response = await upload(t, { name: 'slip.zip', content: await named(name) }).expect(400);
      expect(response.body).toEqual({ message, modelState: { file: [message] } });
    }
    expect(await storedUploadFiles(t)).toEqual(before);
  });

  it('refuses a zip holding an Excel file with the Excel hint', async () => {
    const response = await upload(t, { name: 'book.zip', content: await makeZip([{ name: 'book.xlsx', content: 'PK' }]) }).expect(400);
    expect(response.body.message).toBe('Invalid file type. Only txt, csv, tsv or zip files are allowed. Please save your Excel file as CSV.');
  });

  it('refuses a .zip that is not a zip, an empty entries file, too many entries and encrypted entries', async () => {
    const before = await storedUploadFiles(t);
    expect((await upload(t, { name: 'fake.zip', content: CSV }).expect(400)).body.message).toBe('Invalid zip file. The file could not be read as a zip archive.');
    expect((await upload(t, { name: 'empty.zip', content: await makeZip([{ name: 'a.csv', content: '' }]) }).expect(400)).body.message).toBe('Invalid file. The file inside the zip file is empty.');
    const many = await makeZip(Array.from({ length: 101 }, (_, i) => ({ name: `folder${i}/`, content: '' })));
    expect((await upload(t, { name: 'many.zip', content: many }).expect(400)).body.message).toBe('Invalid zip file. The zip file holds more than 100 entries.');
    const encrypted = markEncrypted(await makeZip([{ name: 'a.csv', content: CSV }]));
    expect((await upload(t, { name: 'secret.zip', content: encrypted }).expect(400)).body.message).toBe('Invalid zip file. Password-protected zip files are not supported.');
    expect(await storedUploadFiles(t)).toEqual(before);
  });

  describe('zip bombs, with the upload limit set to 1 MB', () => {
    beforeAll(async () => {
      await t.query(`INSERT INTO site_setting (key, value) VALUES ('uploadLimitMb', 1)`);
    });

    afterAll(async () => {
      await t.query(`DELETE FROM site_setting WHERE key = 'uploadLimitMb'`);
    });

    it('refuses a small zip whose file would unpack beyond the limit, by the size its headers declare', async () => {
      const before = await storedUploadFiles(t);
      const bomb = await makeZip([{ name: 'bomb.csv', content: Buffer.alloc(50 * MB, '0,') }]);
      expect(bomb.length).toBeLessThan(MB / 2);
      const response = await upload(t, { name: 'bomb.zip', content: bomb }).expect(413);
      expect(response.body).toEqual({
        message: 'Invalid file size. The file inside the zip file is larger than the maximum file size of 1MB.',
        modelState: { file: ['Invalid file size. The file inside the zip file is larger than the maximum file size of 1MB.'] },
      });
      expect(await storedUploadFiles(t)).toEqual(before);
    });

    it('stops extracting a zip whose headers hide the real size, and keeps nothing', async () => {
      const before = await storedUploadFiles(t);
      const liar = lieAboutUncompressedSize(await makeZip([{ name: 'bomb.csv', content: Buffer.alloc(8 * MB, '1,') }]), 1000);
      const response = await upload(t, { name: 'liar.zip', content: liar }).expect(400);
      expect(response.body.message).toBe('Invalid zip file. The sizes recorded in the zip file do not match its contents.');
      expect(await storedUploadFiles(t)).toEqual(before);
    });

    it('accepts a zip whose file is within the limit', async () => {
      await upload(t, { name: 'ok.zip', content: await makeZip([{ name: 'ok.csv', content: Buffer.alloc(MB, 'a') }]) }).expect(201);
    });
  });

  it('answers the uploads of other sessions with 404', async () => {
    const mine = await upload(t, { name: 'mine.zip', content: await makeZip([{ name: 'a.csv', content: CSV }]) }).expect(201);
    await request(t.app.getHttpServer()).post('/api/draw/getConfirmDrawDetails').send({ fileName: mine.body.serverFileName, clientSession: 'someone-else-entirely' }).expect(404);
  });
});
