import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { newClientSession, uploaded } from '../../support/entries-files.js';

describe('POST /api/draw/getConfirmDrawDetails (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const confirm = (body: Record<string, unknown>) => request(t.app.getHttpServer()).post('/api/draw/getConfirmDrawDetails').send(body);

  async function details(name: string, content: Buffer | string): Promise<Record<string, unknown>> {
    const { fileName, clientSession } = await uploaded(t, name, content);
    return (await confirm({ fileName, clientSession, advancedUpload: true, demoMode: false }).expect(200)).body;
  }

  it('answers rows, columns, counts and column checks of a csv', async () => {
    const body = await details('entries.csv', 'Email,Name,Tickets,Member\r\nann@example.com,Ann,3,M1\r\n\r\nbob@example.com,Bob,0,M2\r\n , \r\ncy@example.com,Cy,2,M1\r\n');
    expect(body).toEqual({
      rowCount: 4,
      headerRowString: 'Email,Name,Tickets,Member',
      headerRowColumns: [
        { name: 'Email', blacklisted: true },
        { name: 'Name', blacklisted: false },
        { name: 'Tickets', blacklisted: false },
        { name: 'Member', blacklisted: false },
      ],
      entryRow1String: 'ann@example.com,Ann,3,M1',
      entryRow1Columns: ['ann@example.com', 'Ann', '3', 'M1'],
      entryRow2String: 'bob@example.com,Bob,0,M2',
      entryRow2Columns: ['bob@example.com', 'Bob', '0', 'M2'],
      emptyRowCount: 2,
      warningMessage: null,
      errorMessage: null,
      serverArchivedFileName: null,
      entryCountColumnsValidWithHeader: [false, false, true, false],
      entryCountColumnsValidWithoutHeader: [false, false, false, false],
      uniqueIdColumnsValidWithHeader: [true, true, true, true],
      uniqueIdColumnsValidWithoutHeader: [true, true, true, true],
      delimiter: ',',
      encoding: 'utf-8',
    });
  });

  it('checks columns without a header row too', async () => {
    const body = await details('numbers.txt', '5,x,\n6,y,a\n7,z,b\n');
    expect(body).toMatchObject({
      rowCount: 3,
      headerRowString: '5,x,',
      entryCountColumnsValidWithHeader: [true, false, false],
      entryCountColumnsValidWithoutHeader: [true, false, false],
      uniqueIdColumnsValidWithHeader: [true, true, true],
      uniqueIdColumnsValidWithoutHeader: [true, true, false],
    });
  });

  it('reads quoted values holding delimiters, quotes and line breaks; a row is a record, not a line', async () => {
    const body = await details('quoted.csv', 'name,address,notes\n"Smith, John","1 Main St\nSpringfield","said ""hi"""\n"Lee, Ann",,"a|b;c"\n');
    expect(body).toMatchObject({
      rowCount: 3,
      entryRow1String: '"Smith, John","1 Main St\nSpringfield","said ""hi"""',
      entryRow1Columns: ['Smith, John', '1 Main St\nSpringfield', 'said "hi"'],
      entryRow2Columns: ['Lee, Ann', '', 'a|b;c'],
      delimiter: ',',
      warningMessage: null,
    });
  });

  it('detects semicolon, tab and pipe delimiters', async () => {
    expect(await details('semi.csv', 'name;tickets\n"Ng, Bo";2\nAl;1\n')).toMatchObject({ delimiter: ';', entryRow1Columns: ['Ng, Bo', '2'] });
    expect(await details('tabs.txt', 'name\ttickets\nBo\t2\n')).toMatchObject({ delimiter: '\t', headerRowColumns: [{ name: 'name' }, { name: 'tickets' }] });
    expect(await details('pipes.txt', 'name|tickets\nBo|2\n')).toMatchObject({ delimiter: '|', entryRow1Columns: ['Bo', '2'] });
  });

  it('reads UTF-8 with a byte order mark, and UTF-16 little- and big-endian with one', async () => {
    const text = 'Name,City\nZoë,Zürich\n李雷,北京 😀\n';
    const bom = await details('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    expect(bom).toMatchObject({ encoding: 'utf-8-bom', headerRowString: 'Name,City', headerRowColumns: [{ name: 'Name' }, { name: 'City' }], entryRow2Columns: ['李雷', '北京 😀'] });
    const le = await details('le.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(le).toMatchObject({ encoding: 'utf-16le', rowCount: 3, headerRowString: 'Name,City', entryRow1Columns: ['Zoë', 'Zürich'], entryRow2String: '李雷,北京 😀' });
    const beBytes = Buffer.from(text, 'utf16le').swap16();
    const be = await details('be.csv', Buffer.concat([Buffer.from([0xfe, 0xff]), beBytes]));
    expect(be).toMatchObject({ encoding: 'utf-16be', rowCount: 3, entryRow1Columns: ['Zoë', 'Zürich'], entryRow2Columns: ['李雷', '北京 😀'] });
  });

  it('reads a file that is not UTF-8 as Windows-1252, with a warning', async () => {
    const body = await details('ansi.csv', Buffer.from([...Buffer.from('Name,Price\nCaf'), 0xe9, ...Buffer.from(',5'), 0x80, 0x0a]));
    expect(body).toMatchObject({
      encoding: 'windows-1252',
      entryRow1Columns: ['Café', '5€'],
      warningMessage: 'The file is not UTF-8: it was read as Windows-1252 (Western European). If names look wrong, save the file as "CSV UTF-8" and upload it again.',
    });
  });

  it('warns about rows whose column count differs from the first row', async () => {
    const body = await details('ragged.csv', 'a,b,c\n1,2,3\n4,5\n6,7,8\n9,10,11,12\n');
    expect(body.warningMessage).toBe('2 rows have a different number of columns than the first row (3); the first is row 3.');
    expect(body.errorMessage).toBeNull();
  });

  it('answers errorMessage, and nothing else, for a file that cannot become entries', async () => {
    const unclosed = await details('broken.csv', 'name,notes\nAnn,"fine"\nBob,"oops\nCy,3\n');
    expect(unclosed).toMatchObject({
      errorMessage: 'Row 3 has a quoted value that is never closed. Check the quotes in that row.',
      rowCount: 0,
      headerRowColumns: [],
      entryRow1String: null,
      entryCountColumnsValidWithHeader: [],
    });
    const blank = await details('blank.csv', '\n , \n\t\n');
    expect(blank.errorMessage).toBe('The file has no entries: every row is empty.');
  });

  it('shows a NUL character of the file as U+FFFD, past the first 8 KB of UTF-8 or anywhere in UTF-16, instead of failing with 500', async () => {
    // The upload's binary check reads the first 8 KB only, and a UTF-16 file has NUL bytes by nature: both pass it.
    const longHeader = 'n'.repeat(9000);
    const utf8 = await details('late-nul.csv', `${longHeader}\u0000,tickets\nAnn,1\nBob\u0000,2\n`);
    expect(utf8).toMatchObject({ errorMessage: null, rowCount: 3, headerRowColumns: [{ name: `${longHeader}\uFFFD` }, { name: 'tickets' }], entryRow2Columns: ['Bob\uFFFD', '2'] });
    const utf16 = await details('nul16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name,tick\u0000ets\nAnn,1\nBob,2\u0000\n', 'utf16le')]));
    expect(utf16).toMatchObject({ errorMessage: null, headerRowString: 'name,tick\uFFFDets', entryRow2Columns: ['Bob', '2\uFFFD'] });
    // Processing names the value and the column in its message, which is stored too.
    const { fileName, clientSession } = await uploaded(t, 'nul-count.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name,n\u0000\nAnn,1\nBob,2\u0000\n', 'utf16le')]));
    const processed = await request(t.app.getHttpServer())
      .post('/api/draw/processAdvancedUpload')
      .send({ fileName, clientSession, headerRow: true, entryCountColumn: 1, uniqueEntrantIdColumn: null })
      .expect(200);
    expect(processed.body.errorMessage).toBe('Row 3 has an invalid ticket count "2\uFFFD" in column "n\uFFFD". Ticket counts must be whole numbers from 0 to 1,000,000,000.');
  });

  it('marks personal-data columns by header name and by values', async () => {
    const body = await details(
      'people.csv',
      'Contact,Mobile,DOB,Street Address,Card Number,Notes,Suburb,Tickets\n' +
        'ann@example.com,x,1990-01-01,x,x,call 0412 345 678,Perth,1\n' +
        'bob@example.com,x,x,x,x,0412 345 679,Hobart,2\n' +
        'cy@example.com,x,x,x,x,+61 2 9876 5432,Darwin,3\n',
    );
    expect((body.headerRowColumns as { name: string; blacklisted: boolean }[]).map((c) => [c.name, c.blacklisted])).toEqual([
      ['Contact', true],
      ['Mobile', true],
      ['DOB', true],
      ['Street Address', true],
      ['Card Number', true],
      ['Notes', true],
      ['Suburb', false],
      ['Tickets', false],
    ]);
  });

  it("answers 404 for someone else's upload, an unknown name and a missing session; 400 for a malformed request", async () => {
    const { fileName, clientSession } = await uploaded(t, 'mine.csv', 'a\nb\n');
    const notFound = await confirm({ fileName, clientSession: newClientSession() }).expect(404);
    expect(notFound.body).toEqual({ message: 'File not found.' });
    await confirm({ fileName: 'f'.repeat(32), clientSession }).expect(404);
    await confirm({ fileName: '../../etc/passwd', clientSession }).expect(404);
    await confirm({ fileName }).expect(404);
    const invalid = await confirm({ clientSession }).expect(400);
    expect(invalid.body.modelState).toEqual({ fileName: ['Please upload a file.'] });
    await confirm({ fileName, clientSession, demoMode: 'yes' }).expect(400);
  });

  it('reads the file once: later confirmations answer from what the first one found', async () => {
    const { fileName, clientSession } = await uploaded(t, 'once.csv', 'name,tickets\nAnn,3\nBob,4\n');
    const first = await confirm({ fileName, clientSession }).expect(200);
    await rm(join(t.dataDir, 'files', 'uploads', fileName.slice(0, 2), `${fileName}.upload`));
    const second = await confirm({ fileName, clientSession }).expect(200);
    expect(second.body).toEqual(first.body);
  });

  it('answers 500 with the generic message when the stored file is gone before it was read', async () => {
    const { fileName, clientSession } = await uploaded(t, 'gone.csv', 'name\nAnn\nBob\n');
    await rm(join(t.dataDir, 'files', 'uploads', fileName.slice(0, 2), `${fileName}.upload`));
    const response = await confirm({ fileName, clientSession }).expect(500);
    expect(response.body).toEqual({ message: 'An unexpected error has occurred.' });
  });
});
