import { EntriesFileError } from '../src/entries-file.error.js';
import { EntriesPass, type EntrySelection } from '../src/entries-pass.js';
import { readEntriesFile } from '../src/read-entries-file.js';

function pass(text: string, selection?: EntrySelection, delimiter: ',' | '\t' | ';' | '|' = ',') {
  const p = new EntriesPass({ delimiter, textOffset: 0, selection });
  const bytes = new TextEncoder().encode(text);
  // Small chunks: rows straddle chunk boundaries.
  for (let i = 0; i < bytes.length; i += 7) p.push(bytes.subarray(i, i + 7));
  return p.finish();
}

const select = (headerRow: boolean, entryCountColumn: number | null, uniqueEntrantIdColumn: number | null): EntrySelection => ({ headerRow, entryCountColumn, uniqueEntrantIdColumn });

const FILE = 'email,name,tickets,member\na@x.com,Ann,3,M1\n\n b@x.com ,Bob,0,M2\n  ,\t\nc@x.com,Cy,2,M1\n';

describe('EntriesPass', () => {
  it('counts non-empty and empty rows and indexes every non-empty row by offset and length', () => {
    const result = pass(FILE);
    expect(result.recordCount).toBe(6);
    expect(result.rowCount).toBe(4);
    expect(result.emptyRowCount).toBe(2);
    const text = new TextEncoder().encode(FILE);
    const rows = Array.from(result.rowStarts, (start, i) => new TextDecoder().decode(text.subarray(start, start + result.rowLengths[i])));
    expect(rows).toEqual(['email,name,tickets,member', 'a@x.com,Ann,3,M1', ' b@x.com ,Bob,0,M2', 'c@x.com,Cy,2,M1']);
    expect(result.firstRowValues).toEqual(['email', 'name', 'tickets', 'member']);
  });

  it('checks each column as a ticket count and as an entrant id, with and without the header row', () => {
    const { checks } = pass(FILE);
    expect(checks.ticketsValidWithHeader).toEqual([false, false, true, false]);
    expect(checks.ticketsValidWithoutHeader).toEqual([false, false, false, false]);
    expect(checks.idsValidWithHeader).toEqual([true, true, true, true]);
    expect(checks.idsValidWithoutHeader).toEqual([true, true, true, true]);
    const numbers = pass('5,a,\n6,b,x\n7,,y\n');
    expect(numbers.checks.ticketsValidWithoutHeader).toEqual([true, false, false]);
    expect(numbers.checks.idsValidWithHeader).toEqual([true, false, true]);
    expect(numbers.checks.idsValidWithoutHeader).toEqual([true, false, false]);
    // A missing value (short row) is blank.
    expect(pass('a,b\n1,2\n3\n').checks.ticketsValidWithHeader).toEqual([true, false]);
    // With a header row and nothing below it no column is valid.
    expect(pass('1,2\n').checks.ticketsValidWithHeader).toEqual([false, false]);
  });

  it('counts rows whose column count differs from the first row, and names the first', () => {
    const result = pass('a,b,c\n1,2,3\n\n4,5\n6,7,8,9\n');
    expect(result.otherColumnCountRows).toBe(2);
    expect(result.firstOtherColumnCountRow).toBe(4);
  });

  it('reads ticket counts and numbers entrants exactly, skipping the header row', () => {
    const { selection } = pass(FILE, select(true, 2, 3));
    expect(selection!.entryRowCount).toBe(3);
    expect(Array.from(selection!.tickets!)).toEqual([3, 0, 2]);
    expect(Array.from(selection!.entrantOf!)).toEqual([0, 1, 0]);
    // M2 holds no ticket: one entrant in the draw, five tickets.
    expect(selection!.entrantCount).toBe(1);
    expect(selection!.entryCount).toBe(5);
    expect(selection!.zeroTicketRows).toBe(1);
  });

  it('uses the values of quoted ids, trimmed, so "M1" and M1 are one entrant and "M""1" another', () => {
    const { selection } = pass('id\n"M1"\n M1 \n"M""1"\n"M""1"\nm1\n', select(true, null, 0));
    expect(Array.from(selection!.entrantOf!)).toEqual([0, 0, 1, 1, 2]);
    expect(selection!.entrantCount).toBe(3);
    expect(selection!.entryCount).toBe(5);
    expect(selection!.tickets).toBeNull();
  });

  it('trims spaces and tabs only from ids: other white space, case and accents count', () => {
    const { selection } = pass('id\n\tAB C \nAB C\nAB\u00a0C\nab c\nÀB C\n', select(true, null, 0));
    expect(Array.from(selection!.entrantOf!)).toEqual([0, 0, 1, 2, 3]);
  });

  it('without a header row the first row is an entry', () => {
    const { selection } = pass('4\n5\n', select(false, 0, null));
    expect(Array.from(selection!.tickets!)).toEqual([4, 5]);
    expect(selection!.entrantCount).toBe(2);
  });

  it('refuses an invalid or missing ticket count and a blank id, naming the row and column', () => {
    expect(() => pass('name,tickets\nAnn,3\nBob,three\n', select(true, 1, null))).toThrow(
      new EntriesFileError('Row 3 has an invalid ticket count "three" in column "tickets". Ticket counts must be whole numbers from 0 to 1,000,000,000.'),
    );
    expect(() => pass('Ann,3\n\nBob\n', select(false, 1, null))).toThrow(new EntriesFileError('Row 3 has no ticket count in column "column 2".'));
    expect(() => pass('id,t\nA,1\n ,2\n', select(true, null, 0))).toThrow(new EntriesFileError('Row 3 has no unique entrant id in column "id".'));
  });

  it('gives the same rows and numbers whatever the size hint, growing past a low one', () => {
    const lines = Array.from({ length: 70_000 }, (_, i) => `r${i},${i % 5},E${i % 1000}`).join('\n');
    const run = (expectedRows?: number) => {
      const p = new EntriesPass({ delimiter: ',', textOffset: 0, selection: select(false, 1, 2), checkColumns: false, expectedRows });
      p.push(new TextEncoder().encode(lines));
      return p.finish();
    };
    const [low, none, high] = [run(10), run(), run(200_000)];
    for (const result of [low, none, high]) {
      expect(result.rowCount).toBe(70_000);
      expect(result.rowStarts.length).toBe(70_000);
      // Entrants E0, E5, E10 ... only have rows with 0 tickets (i % 5 === 0): 800 of 1,000 hold tickets.
      expect(result.selection!.entrantCount).toBe(800);
      expect(result.selection!.entryCount).toBe(Array.from({ length: 70_000 }, (_, i) => i % 5).reduce((a, b) => a + b, 0));
    }
    expect(Array.from(low.selection!.entrantOf!)).toEqual(Array.from(high.selection!.entrantOf!));
    expect(Array.from(low.rowStarts)).toEqual(Array.from(none.rowStarts));
  });

  it('refuses a file of empty rows and a quote never closed', () => {
    expect(() => pass('\n , \n')).toThrow(new EntriesFileError('The file has no entries: every row is empty.'));
    expect(() => pass('a\n"b\n')).toThrow(new EntriesFileError('Row 2 has a quoted value that is never closed. Check the quotes in that row.'));
  });
});

describe('readEntriesFile (the verify path: the file alone)', () => {
  it('finds encoding, delimiter, hash and engine rows from the bytes', async () => {
    const text = 'Name;Tickets;Id\r\nAnn;2;x\r\nBob;1;y\r\nCy;3;x\r\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const reading = await readEntriesFile(
      async function* () {
        yield utf16.subarray(0, 11);
        yield utf16.subarray(11);
      },
      'csv',
      select(true, 1, 2),
    );
    expect(reading.encoding).toBe('utf-16le');
    expect(reading.delimiter).toBe(';');
    expect(reading.byteSize).toBe(utf16.length);
    expect(reading.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Array.from(reading.pass.selection!.tickets!)).toEqual([2, 1, 3]);
    expect(Array.from(reading.pass.selection!.entrantOf!)).toEqual([0, 1, 0]);
  });
});
