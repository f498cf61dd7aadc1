import fc from 'fast-check';
import { decodeEntries, entryRows } from '../../client/src/features/certificates/verify/entries-rows.js';
import { readEntriesFile } from '../../src/uploads/domain/entries-file/read-entries-file.js';

/**
 * The certificate page's in-browser check reads entries files with its own small reader (csv-parse's browser build);
 * it must turn every file into the same engine rows as the server's readEntriesFile (docs/verification.md).
 */
async function both(bytes: Buffer, selection: { headerRow: boolean; entryCountColumn: number | null; uniqueEntrantIdColumn: number | null }, delimiter: ',' | ';' | '\t' | '|') {
  const server = await readEntriesFile(
    async function* () {
      yield bytes;
    },
    'csv',
    selection,
    delimiter,
  );
  const rows = server.pass.selection!;
  const browser = entryRows(decodeEntries(new Uint8Array(bytes)), { ...selection, delimiter });
  return {
    server: { entryCount: rows.entryRowCount, tickets: rows.tickets ? [...rows.tickets] : undefined, entrantOf: rows.entrantOf ? [...rows.entrantOf] : undefined },
    browser: { entryCount: browser.entryCount, tickets: browser.tickets ? [...browser.tickets] : undefined, entrantOf: browser.entrantOf ? [...browser.entrantOf] : undefined },
  };
}

describe('the in-browser entries reader agrees with the server reader', () => {
  it.each([
    ['quotes, CR LF, empty rows and blanks', 'id,tickets,who\r\n"a,1",2,"M ""x"""\r\n\r\n  ,  \r\nb,0,M2\r\n"c\nd", 3 ,M2\r\n'],
    ['CR line ends and a last row without a break', 'id;tickets;who\r1;1;X\r2;5;Y\r3;2;X'],
    ['a UTF-8 byte order mark and accents', '\uFEFFname,tickets,who\nÅsa,1,Å\nÉmile,2,É\nZoë,1,Å\n'],
    ['stray quotes inside values', 'name,tickets,who\n5" screen,1,A\n"a""b"c,2,B\n'],
  ])('%s', async (_name, text) => {
    const delimiter = text.includes(';') ? ';' : ',';
    const result = await both(Buffer.from(text, 'utf8'), { headerRow: true, entryCountColumn: 1, uniqueEntrantIdColumn: 2 }, delimiter);
    expect(result.browser).toEqual(result.server);
  });

  it('reads Windows-1252 and UTF-16 files alike', async () => {
    const latin = Buffer.from([0x6e, 0x2c, 0x74, 0x0a, 0xe9, 0x2c, 0x31, 0x0a, 0x80, 0x2c, 0x32, 0x0a]); // "n,t\né,1\n€,2\n"
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('n,t\r\né,1\r\n€,2\r\n', 'utf16le')]);
    for (const bytes of [latin, utf16]) {
      const result = await both(bytes, { headerRow: true, entryCountColumn: 1, uniqueEntrantIdColumn: 0 }, ',');
      expect(result.browser).toEqual(result.server);
    }
  });

  it('agrees on random files', async () => {
    const cell = fc.stringMatching(/^[a-c ",\r\n]{0,4}$/);
    const row = fc.tuple(cell, fc.integer({ min: 0, max: 9 }), fc.constantFrom('M1', 'M2', ' M1 ', 'm1', ''));
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean(), async (rows, eol, header) => {
        const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
        const text = rows.map(([name, tickets, id]) => [quote(name), String(tickets), id || 'X'].join(',')).join(eol) + eol;
        const result = await both(Buffer.from(text, 'utf8'), { headerRow: header, entryCountColumn: header ? null : 1, uniqueEntrantIdColumn: 2 }, ',');
        expect(result.browser).toEqual(result.server);
      }),
      { numRuns: 150 },
    );
  });
});
