import { parse, type Options } from 'csv-parse/sync';
import type { Delimiter } from './delimiter.js';

/**
 * The general CSV parser (csv-parse) with the options that read exactly what the hot-path scanner
 * (csv-record-scanner.ts) reads: quotes relaxed, any of CR LF, LF or CR ends a record, rows may have any number of
 * columns, nothing trimmed or skipped. The input is UTF-8 without a byte order mark.
 */
export function csvParseOptions(delimiter: Delimiter): Options {
  return {
    delimiter,
    quote: '"',
    escape: '"',
    relax_quotes: true,
    relax_column_count: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_empty_lines: false,
    bom: false,
    trim: false,
    cast: false,
  };
}

/**
 * The fields of many records, each given as its bytes (line break excluded), as rows are read back by offset:
 * parsed in one go, joined by line feeds, which end each record exactly since every one is complete.
 */
export function parseRecordList(rows: readonly Uint8Array[], delimiter: Delimiter): string[][] {
  if (rows.length === 0) return [];
  const joined = new Uint8Array(rows.reduce((n, row) => n + row.length + 1, 0));
  let at = 0;
  for (const row of rows) {
    joined.set(row, at);
    at += row.length;
    joined[at++] = 0x0a;
  }
  const records = parse(joined, csvParseOptions(delimiter)) as string[][];
  if (records.length !== rows.length) throw new Error(`Expected ${rows.length} records, csv-parse read ${records.length}.`);
  return records;
}

/** Every record of a whole text, with the byte offset where each starts. */
export function parseRecords(bytes: Uint8Array, delimiter: Delimiter): { fields: string[]; start: number }[] {
  const parsed = parse(bytes, { ...csvParseOptions(delimiter), info: true }) as unknown as { record: string[]; info: { bytes: number } }[];
  let start = 0;
  return parsed.map(({ record, info }) => {
    const row = { fields: record, start };
    start = info.bytes;
    return row;
  });
}
