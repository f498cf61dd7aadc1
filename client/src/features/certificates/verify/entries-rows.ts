import { parse } from 'csv-parse/browser/esm/sync';

/** What the draw engine needs from an entries file, read by the rules of docs/verification.md §2–§7. */
export interface EntryRows {
  entryCount: number;
  tickets?: Uint32Array;
  entrantOf?: Uint32Array;
}

export interface RowSelection {
  headerRow: boolean;
  entryCountColumn: number | null;
  uniqueEntrantIdColumn: number | null;
  delimiter: string;
}

/** §2: the byte order mark decides; else UTF-8 when valid, else Windows-1252. */
export function decodeEntries(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const BLANK = /^[ \t]*$/;
const trimSpaces = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');

/** §3–§7: records, empty ones dropped, the header row skipped, ticket counts and entrant numbers per entry row. */
export function entryRows(text: string, selection: RowSelection): EntryRows {
  const records = parse(text, {
    delimiter: selection.delimiter,
    quote: '"',
    escape: '"',
    relax_quotes: true,
    relax_column_count: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_empty_lines: false,
    bom: false,
    trim: false,
    cast: false,
  }) as string[][];
  const rows = records.filter((record) => !record.every((field) => BLANK.test(field)));
  const entries = selection.headerRow ? rows.slice(1) : rows;
  const result: EntryRows = { entryCount: entries.length };
  if (selection.entryCountColumn !== null) {
    const column = selection.entryCountColumn;
    result.tickets = Uint32Array.from(entries, (row, i) => {
      const value = trimSpaces(row[column] ?? '');
      if (!/^[0-9]+$/.test(value) || Number(value) > 1_000_000_000) throw new Error(`Entry row ${i + 1} has an invalid ticket count "${value}".`);
      return Number(value);
    });
  }
  if (selection.uniqueEntrantIdColumn !== null) {
    const column = selection.uniqueEntrantIdColumn;
    const numbers = new Map<string, number>();
    result.entrantOf = Uint32Array.from(entries, (row, i) => {
      const id = trimSpaces(row[column] ?? '');
      if (!id) throw new Error(`Entry row ${i + 1} has no unique entrant id.`);
      let number = numbers.get(id);
      if (number === undefined) numbers.set(id, (number = numbers.size));
      return number;
    });
  }
  return result;
}
