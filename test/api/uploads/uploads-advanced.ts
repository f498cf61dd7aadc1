import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import { runDraw } from '#draw-engine';
import { createSeededSource } from '#rng';
import { EntriesIndexService } from '../../../src/uploads/application/entries-index.service.js';
import { EntriesFileError, readEntriesFile } from '#entries-file';
import { UploadNotFoundError } from '../../../src/uploads/domain/upload.errors.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { newClientSession, uploaded } from '../../support/entries-files.js';

/** Packed JSON rows (EntriesIndexService.readRowsJson) as the string arrays they hold. */
function jsonRows({ bytes, offsets }: { bytes: Uint8Array; offsets: Float64Array }): string[][] {
  return Array.from({ length: offsets.length - 1 }, (_, i) => JSON.parse(Buffer.from(bytes.subarray(offsets[i], offsets[i + 1])).toString()) as string[]);
}

const FILE =
  'email,name,tickets,member\n' + 'ann@example.com,Ann,3,M1\n' + '\n' + 'bob@example.com,Bob,0,M2\n' + 'cy@example.com,Cy,2,M1\n' + 'di@example.com,"Di, Jr",1, M3 \n' + 'ed@example.com,Ed,4,"M3"\n';

describe('POST /api/draw/processAdvancedUpload and the entries index (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const processUpload = (body: Record<string, unknown>) => request(t.app.getHttpServer()).post('/api/draw/processAdvancedUpload').send(body);

  it('counts entry rows, entrants holding tickets and tickets, with ticket counts and unique ids', async () => {
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', FILE);
    const response = await processUpload({ fileName, clientSession, headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 3 }).expect(200);
    expect(response.body).toEqual({
      entryRowCount: 5,
      // M1 (Ann, Cy) and M3 (Di, Ed) hold tickets; M2 (Bob) holds none.
      entrantCount: 2,
      entryCount: 10,
      emptyRowCount: 1,
      warningMessages: ['1 row has a ticket count of 0: it stays in the file but cannot win.'],
      errorMessage: null,
    });
  });

  it('works with only a ticket count column, or only a unique id column, and without a header row', async () => {
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', FILE);
    const tickets = await processUpload({ fileName, clientSession, headerRow: true, entryCountColumn: 2 }).expect(200);
    expect(tickets.body).toMatchObject({ entryRowCount: 5, entrantCount: 4, entryCount: 10, errorMessage: null });
    const ids = await processUpload({ fileName, clientSession, headerRow: true, entryCountColumn: null, uniqueEntrantIdColumn: 3 }).expect(200);
    expect(ids.body).toEqual({ entryRowCount: 5, entrantCount: 3, entryCount: 5, emptyRowCount: 1, warningMessages: [], errorMessage: null });
    const noHeader = await processUpload({ fileName, clientSession, headerRow: false, uniqueEntrantIdColumn: 1 }).expect(200);
    expect(noHeader.body).toMatchObject({ entryRowCount: 6, entrantCount: 6, entryCount: 6 });
  });

  it('answers errorMessage for a ticket count that is not a whole number, naming row and column', async () => {
    const { fileName, clientSession } = await uploaded(t, 'bad.csv', 'name,tickets\nAnn,3\nBob,2.5\n');
    const response = await processUpload({ fileName, clientSession, headerRow: true, entryCountColumn: 1 }).expect(200);
    expect(response.body).toEqual({
      entryRowCount: 0,
      entrantCount: 0,
      entryCount: 0,
      emptyRowCount: 0,
      warningMessages: [],
      errorMessage: 'Row 3 has an invalid ticket count "2.5" in column "tickets". Ticket counts must be whole numbers from 0 to 1,000,000,000.',
    });
    // Read as a header row, "tickets" itself is not a count.
    const noHeader = await processUpload({ fileName, clientSession, headerRow: false, entryCountColumn: 1 }).expect(200);
    expect(noHeader.body.errorMessage).toBe('Row 1 has an invalid ticket count "tickets" in column "column 2". Ticket counts must be whole numbers from 0 to 1,000,000,000.');
    const allZero = await uploaded(t, 'zero.csv', 'name,tickets\nAnn,0\n');
    expect((await processUpload({ ...allZero, headerRow: true, entryCountColumn: 1 }).expect(200)).body.errorMessage).toBe('No row has a ticket: every ticket count is 0.');
  });

  it('cuts a long value it quotes at a whole character, so the message can be stored (an emoji at the cut)', async () => {
    const value = 'x'.repeat(39) + '\u{1F600}';
    const { fileName, clientSession } = await uploaded(t, 'emoji.csv', `name,${value}\nAnn,1\nBob,${value}y\n`);
    const response = await processUpload({ fileName, clientSession, headerRow: true, entryCountColumn: 1 }).expect(200);
    const quoted = `"${'x'.repeat(39)}…"`;
    expect(response.body.errorMessage).toBe(`Row 3 has an invalid ticket count ${quoted} in column ${quoted}. Ticket counts must be whole numbers from 0 to 1,000,000,000.`);
  });

  it("refuses a choice the file cannot have with 400, and others' uploads with 404", async () => {
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', FILE);
    const beyond = await processUpload({ fileName, clientSession, headerRow: true, entryCountColumn: 4 }).expect(400);
    expect(beyond.body).toEqual({ message: 'The file has 4 columns: there is no column 5.', modelState: { entryCountColumn: ['The file has 4 columns: there is no column 5.'] } });
    const none = await processUpload({ fileName, clientSession, headerRow: true }).expect(400);
    expect(none.body.message).toBe('Choose a ticket count column or a unique entrant id column.');
    const same = await processUpload({ fileName, clientSession, headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 2 }).expect(400);
    expect(same.body.modelState).toEqual({ uniqueEntrantIdColumn: ['The ticket count column and the unique entrant id column must be different columns.'] });
    const negative = await processUpload({ fileName, clientSession, headerRow: true, entryCountColumn: -1 }).expect(400);
    expect(negative.body.modelState).toEqual({ entryCountColumn: ['Choose a column of the file.'] });
    await processUpload({ fileName, clientSession, entryCountColumn: 2 }).expect(400);
    const other = await processUpload({ fileName, clientSession: newClientSession(), headerRow: true, entryCountColumn: 2 }).expect(404);
    expect(other.body).toEqual({ message: 'File not found.' });
  });

  it("answers 'An unexpected error has occurred.' with 500 when processing fails for another reason", async () => {
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', FILE);
    await request(t.app.getHttpServer()).post('/api/draw/getConfirmDrawDetails').send({ fileName, clientSession }).expect(200);
    // The stored file disappears behind the service's back.
    await rm(join(t.dataDir, 'files', 'uploads', fileName.slice(0, 2), `${fileName}.upload`));
    const response = await processUpload({ fileName, clientSession, headerRow: true, entryCountColumn: 2 }).expect(500);
    expect(response.body).toEqual({ message: 'An unexpected error has occurred.' });
  });

  describe('EntriesIndexService (for the draws module)', () => {
    const service = () => t.app.get(EntriesIndexService);

    it('hands out the arrays runDraw takes, equal to a reading of the file alone, and reads winners back', async () => {
      const { fileName, clientSession } = await uploaded(t, 'entries.csv', FILE);
      const selection = { headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 3 };
      const index = await service().load(fileName, { clientSession }, selection);
      expect(index.entryCount).toBe(5);
      expect(Array.from(index.tickets!)).toEqual([3, 0, 2, 1, 4]);
      expect(Array.from(index.entrantOf!)).toEqual([0, 1, 0, 2, 2]);
      expect(index.entrantCount).toBe(2);
      expect(index.totalTickets).toBe(10);
      expect(index.delimiter).toBe(',');

      const reference = await readEntriesFile(
        async function* () {
          yield Buffer.from(FILE);
        },
        'csv',
        selection,
      );
      expect(index.fileSha256).toBe(reference.sha256);
      expect(Array.from(index.tickets!)).toEqual(Array.from(reference.pass.selection!.tickets!));
      expect(Array.from(index.entrantOf!)).toEqual(Array.from(reference.pass.selection!.entrantOf!));

      const outcome = runDraw(
        { entryCount: index.entryCount, tickets: index.tickets, entrantOf: index.entrantOf, prizes: [{ quantity: 2, reserves: 0 }], oneWinPerEntrant: true },
        createSeededSource('fairdraw uploads test'),
      );
      const winners = outcome.prizes[0].winners;
      expect(winners).toHaveLength(2);
      const rows = await service().readRows(index, winners);
      // One win per entrant: one winner holds M1, the other M3; Bob (0 tickets) never wins.
      expect(rows.map((r) => r[3].trim()).sort()).toEqual(['M1', 'M3']);
      expect(await service().readRows(index, [3, 0])).toEqual([
        ['di@example.com', 'Di, Jr', '1', ' M3 '],
        ['ann@example.com', 'Ann', '3', 'M1'],
      ]);
    });

    it('loads a plain upload (no columns) and reads rows back in the order asked, many or few', async () => {
      const long = 'x'.repeat(1000);
      const lines = Array.from({ length: 500 }, (_, i) => `row${i},"note ${i}, with comma",${i % 7},${long}`);
      const { fileName, clientSession } = await uploaded(t, 'many.csv', 'id,note,n,long\n' + lines.join('\r\n') + '\r\n');
      const index = await service().load(fileName, { clientSession }, { headerRow: true, entryCountColumn: null, uniqueEntrantIdColumn: null });
      expect(index.entryCount).toBe(500);
      expect(index.tickets).toBeUndefined();
      const wanted = [499, 3, 250, 3, 0, ...Array.from({ length: 100 }, (_, i) => (i * 37) % 500)];
      // Many rows: picked out of one sequential read.
      const rows = await service().readRows(index, wanted);
      expect(rows.map((r) => r[0])).toEqual(wanted.map((i) => `row${i}`));
      expect(rows[0]).toEqual(['row499', 'note 499, with comma', String(499 % 7), long]);
      // The same rows as JSON arrays, packed, for storing winners.
      expect(jsonRows(await service().readRowsJson(index, wanted))).toEqual(rows);
      expect(jsonRows(await service().readRowsJson(index, [499, 0, 250]))).toEqual(await service().readRows(index, [499, 0, 250]));
      expect(jsonRows(await service().readRowsJson(index, []))).toEqual([]);
      // A few rows far apart: one ranged read each.
      expect((await service().readRows(index, [499, 0, 250])).map((r) => r.slice(0, 3))).toEqual([
        ['row499', 'note 499, with comma', '2'],
        ['row0', 'note 0, with comma', '0'],
        ['row250', 'note 250, with comma', '5'],
      ]);
      await expect(service().readRows(index, [500])).rejects.toThrow(RangeError);
      expect(await service().readFileRows(fileName, { clientSession }, false, [0])).toEqual([['id', 'note', 'n', 'long']]);
    });

    it('rebuilds a missing index from the file, and refuses others and files that cannot be drawn from', async () => {
      const { fileName, clientSession } = await uploaded(t, 'entries.tsv', 'name\ttickets\nAnn\t2\nBob\t5\n');
      const selection = { headerRow: true, entryCountColumn: 1, uniqueEntrantIdColumn: null };
      await service().load(fileName, { clientSession }, selection);
      const dir = join(t.dataDir, 'files', 'uploads', fileName.slice(0, 2));
      const indexes = (await readdir(dir)).filter((name) => name.startsWith(`${fileName}.rows`) || name.startsWith(`${fileName}.selection`));
      expect(indexes).toEqual([`${fileName}.rows`, `${fileName}.selection-h1-t1-un`]);
      for (const name of indexes) await rm(join(dir, name));
      const again = await service().load(fileName, { clientSession }, selection);
      expect(Array.from(again.tickets!)).toEqual([2, 5]);
      await expect(service().load(fileName, { clientSession: newClientSession() }, selection)).rejects.toBeInstanceOf(UploadNotFoundError);
      await expect(service().load(fileName, { clientSession }, { headerRow: false, entryCountColumn: 1, uniqueEntrantIdColumn: null })).rejects.toThrow(EntriesFileError);
    });

    it('reads rows back from UTF-8 files with a byte order mark and from UTF-16 files', async () => {
      const text = 'Name;Tickets;Id\r\nZoë;2;a\r\n李雷;1;b\r\n"Ng; Bo";3;a\r\n';
      const files = {
        'bom.csv': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
        'le.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
        'be.txt': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
      };
      for (const [name, content] of Object.entries(files)) {
        const { fileName, clientSession } = await uploaded(t, name, content);
        const index = await service().load(fileName, { clientSession }, { headerRow: true, entryCountColumn: 1, uniqueEntrantIdColumn: 2 });
        expect([name, Array.from(index.tickets!), Array.from(index.entrantOf!), index.entrantCount]).toEqual([name, [2, 1, 3], [0, 1, 0], 2]);
        expect(await service().readRows(index, [2, 1, 0])).toEqual([
          ['Ng; Bo', '3', 'a'],
          ['李雷', '1', 'b'],
          ['Zoë', '2', 'a'],
        ]);
        expect(jsonRows(await service().readRowsJson(index, [2, 1, 0, 1]))).toEqual([
          ['Ng; Bo', '3', 'a'],
          ['李雷', '1', 'b'],
          ['Zoë', '2', 'a'],
          ['李雷', '1', 'b'],
        ]);
        expect(index.fileSha256).toBe(createHash('sha256').update(content).digest('hex'));
      }
    });

    it('keeps one index per choice of columns, so draws of one file with different choices do not disturb each other', async () => {
      const { fileName, clientSession } = await uploaded(t, 'entries.csv', FILE);
      const both = { headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 3 };
      const ticketsOnly = { headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: null };
      const [a, b] = await Promise.all([service().load(fileName, { clientSession }, both), service().load(fileName, { clientSession }, ticketsOnly)]);
      expect(a.entrantCount).toBe(2);
      expect(b.entrantCount).toBe(4);
      expect(b.entrantOf).toBeUndefined();
      const again = await service().load(fileName, { clientSession }, both);
      expect(Array.from(again.entrantOf!)).toEqual([0, 1, 0, 2, 2]);
    });

    it('lets the owner in from another browser tab', async () => {
      const { fileName } = await uploaded(t, 'owned.csv', 'a\nb\n');
      await t.query(`UPDATE upload SET owner_user_id = 'user-1' WHERE id = $1`, [fileName]);
      const index = await service().load(fileName, { clientSession: newClientSession(), userId: 'user-1' }, { headerRow: false, entryCountColumn: null, uniqueEntrantIdColumn: null });
      expect(index.entryCount).toBe(2);
      await expect(service().load(fileName, { userId: 'user-2' }, { headerRow: false, entryCountColumn: null, uniqueEntrantIdColumn: null })).rejects.toBeInstanceOf(UploadNotFoundError);
    });
  });
});
