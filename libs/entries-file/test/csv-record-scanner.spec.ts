import fc from 'fast-check';
import { type PackedBytes, parseRecordList, parseRecords, recordListJson } from '../src/csv-parse-records.js';
import { CsvRecordScanner, CsvScanError, fieldText, type CsvRecordSink } from '../src/csv-record-scanner.js';
import type { Delimiter } from '../src/delimiter.js';

interface Scanned {
  fields: string[];
  start: number;
  text: string;
}

/** Scans `text` pushed in pieces cut at `cuts` (byte positions). */
function scan(text: string, delimiter: Delimiter, cuts: number[] = [], limits = { maxRecordBytes: 1 << 20, maxFields: 1000 }): Scanned[] {
  const bytes = new TextEncoder().encode(text);
  const records: Scanned[] = [];
  const decoder = new TextDecoder();
  const sink: CsvRecordSink = {
    record(scanner, buffer, start, end, fileOffset) {
      const fields: string[] = [];
      for (let i = 0; i < scanner.fieldCount; i++) fields.push(fieldText(buffer, scanner.fieldStarts[i], scanner.fieldEnds[i], scanner.fieldKinds[i]));
      records.push({ fields, start: fileOffset, text: decoder.decode(buffer.subarray(start, end)) });
    },
  };
  const scanner = new CsvRecordScanner(delimiter.charCodeAt(0), sink, limits);
  let at = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    scanner.push(bytes.subarray(at, cut));
    at = cut;
  }
  scanner.push(bytes.subarray(at));
  scanner.finish();
  return records;
}

function csvParse(text: string, delimiter: Delimiter): { fields: string[]; start: number }[] {
  return parseRecords(new TextEncoder().encode(text), delimiter);
}

describe('CsvRecordScanner', () => {
  it('reads plain records, CR LF, LF and CR line breaks, with or without a last line break', () => {
    expect(scan('a,b\r\nc,d\ne,f\rg', ',').map((r) => r.fields)).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f'], ['g']]);
    expect(scan('a,b\n', ',').map((r) => r.fields)).toEqual([['a', 'b']]);
    expect(scan('', ',')).toEqual([]);
    expect(scan('\n', ',').map((r) => r.fields)).toEqual([['']]);
    expect(scan('a\n\n\nb', ',').map((r) => r.fields)).toEqual([['a'], [''], [''], ['b']]);
  });

  it('reads quoted fields with delimiters, line breaks and doubled quotes inside', () => {
    const records = scan('name,note\n"Smith, John","said ""hi""\nthen left"\n', ',');
    expect(records.map((r) => r.fields)).toEqual([
      ['name', 'note'],
      ['Smith, John', 'said "hi"\nthen left'],
    ]);
    expect(records[1].start).toBe(10);
    expect(records[1].text).toBe('"Smith, John","said ""hi""\nthen left"');
  });

  it('keeps quotes inside unquoted fields and after a closing quote as text (relaxed quotes)', () => {
    expect(scan('5" screen,x\n', ',')[0].fields).toEqual(['5" screen', 'x']);
    expect(scan('"a""b"c,d', ',')[0].fields).toEqual(['"a"b"c', 'd']);
    expect(scan('"a,b" ,c', ',')[0].fields).toEqual(['"a,b" ', 'c']);
  });

  it('uses any one delimiter', () => {
    expect(scan('a\tb;c|d', '\t')[0].fields).toEqual(['a', 'b;c|d']);
    expect(scan('a\tb;c|d', ';')[0].fields).toEqual(['a\tb', 'c|d']);
    expect(scan('a\tb;c|d', '|')[0].fields).toEqual(['a\tb;c', 'd']);
  });

  it('reports a quote never closed, a record too long and too many fields with the row number', () => {
    const error = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e as CsvScanError;
      }
      throw new Error('no error');
    };
    expect(error(() => scan('a\nb\n"c\nd', ','))).toMatchObject({ reason: 'QUOTE_NOT_CLOSED', recordNumber: 3 });
    expect(error(() => scan('ab\n' + 'x'.repeat(20) + '\n', ',', [5, 9], { maxRecordBytes: 10, maxFields: 10 }))).toMatchObject({ reason: 'RECORD_TOO_LONG', recordNumber: 2 });
    expect(error(() => scan('a,b,c,d', ',', [], { maxRecordBytes: 100, maxFields: 3 }))).toMatchObject({ reason: 'TOO_MANY_FIELDS', recordNumber: 1 });
  });

  it('reads exactly what csv-parse reads, however the input is cut into chunks (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', ',', ';', '\t', '"', '"', '\n', '\r', 'é', '€');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join('')),
        fc.constantFrom<Delimiter>(',', ';', '\t', '|'),
        fc.array(fc.nat(60), { maxLength: 6 }),
        (text, delimiter, cuts) => {
          let expected: { fields: string[]; start: number }[] | 'error';
          try {
            expected = csvParse(text, delimiter);
          } catch {
            expected = 'error';
          }
          let actual: { fields: string[]; start: number }[] | 'error';
          try {
            actual = scan(text, delimiter, cuts).map(({ fields, start }) => ({ fields, start }));
          } catch (e) {
            if (!(e instanceof CsvScanError)) throw e;
            actual = 'error';
          }
          expect(actual).toEqual(expected);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('reads each record back alone, by its offset and length, as it read it in the whole file (property)', () => {
    const alphabet = fc.constantFrom('a', ' ', ',', '"', '"', '\n', '\r', 'é');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join('')),
        (text) => {
          let records: Scanned[];
          try {
            records = scan(text, ',');
          } catch {
            return;
          }
          const bytes = new TextEncoder().encode(text);
          const rows = records.map((r) => bytes.subarray(r.start, r.start + new TextEncoder().encode(r.text).length));
          expect(parseRecordList(rows, ',')).toEqual(records.map((r) => r.fields));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('recordListJson', () => {
  function packed(rows: Uint8Array[]): PackedBytes {
    const offsets = new Float64Array(rows.length + 1);
    rows.forEach((row, i) => (offsets[i + 1] = offsets[i] + row.length));
    const bytes = new Uint8Array(offsets[rows.length]);
    rows.forEach((row, i) => bytes.set(row, offsets[i]));
    return { bytes, offsets };
  }
  const jsonOf = ({ bytes, offsets }: PackedBytes) => Array.from({ length: offsets.length - 1 }, (_, i) => new TextDecoder().decode(bytes.subarray(offsets[i], offsets[i + 1])));

  it('gives JSON.stringify of what parseRecordList reads, record by record (property)', () => {
    const alphabet = fc.constantFrom('a', 'Z', ' ', ',', ';', '\t', '|', '"', '\\', '\u0001', '\u007f', 'é', '李', '😀', '\u2028');
    const row = fc.array(alphabet, { maxLength: 20 }).map((chars) => new TextEncoder().encode(chars.join('')));
    const invalid = fc.uint8Array({ maxLength: 6 });
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 9, arbitrary: row }, { weight: 1, arbitrary: invalid }), { maxLength: 12 }), fc.constantFrom<Delimiter>(',', '\t', ';', '|'), (rows, delimiter) => {
        // Rows as read back by offset never hold a line break outside quotes; csv-parse reads those as two records.
        const records = rows.filter((r) => !r.includes(0x0a) && !r.includes(0x0d));
        let expected: string[];
        try {
          expected = parseRecordList(records, delimiter).map((fields) => JSON.stringify(fields));
        } catch {
          return;
        }
        expect(jsonOf(recordListJson(packed(records), delimiter))).toEqual(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('copies plain rows as they are, including empty ones and rows asked twice', () => {
    const rows = ['a,b,c', '', 'x', 'a,b,c', ',', 'Zoë,李雷'].map((r) => new TextEncoder().encode(r));
    expect(jsonOf(recordListJson(packed(rows), ','))).toEqual(['["a","b","c"]', '[""]', '["x"]', '["a","b","c"]', '["",""]', '["Zoë","李雷"]']);
  });
});
