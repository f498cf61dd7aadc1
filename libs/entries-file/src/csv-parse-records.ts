import { parse, type Options } from 'csv-parse/sync';
import type { Delimiter } from './delimiter.js';
import { isUtf8 } from './runtime.js';

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

const QUOTE = 0x22;
const utf8 = new TextDecoder();
const utf8Encoder = new TextEncoder();

/**
 * The fields of many records, each given as its bytes (line break excluded), as rows are read back by offset. A
 * record without a quote character is its fields split at the delimiter (what csv-parse reads from it too, and ten
 * times faster on a million winners); the others are parsed by csv-parse in one go, joined by line feeds, which end
 * each record exactly since every one is complete.
 */
export function parseRecordList(rows: readonly Uint8Array[], delimiter: Delimiter): string[][] {
  const records: string[][] = new Array(rows.length);
  const quoted: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].includes(QUOTE)) quoted.push(i);
    else records[i] = utf8.decode(rows[i]).split(delimiter);
  }
  if (quoted.length === 0) return records;
  const quotedRows = quoted.map((i) => rows[i]);
  const joined = new Uint8Array(quotedRows.reduce((n, row) => n + row.length + 1, 0));
  let at = 0;
  for (const row of quotedRows) {
    joined.set(row, at);
    at += row.length;
    joined[at++] = 0x0a;
  }
  const parsed = parse(joined, csvParseOptions(delimiter)) as string[][];
  if (parsed.length !== quotedRows.length) throw new Error(`Expected ${quotedRows.length} records, csv-parse read ${parsed.length}.`);
  quoted.forEach((row, k) => (records[row] = parsed[k]));
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

/** Byte strings one after the other: string i is `bytes.subarray(offsets[i], offsets[i + 1])`. */
export interface PackedBytes {
  bytes: Uint8Array;
  /** One more than there are strings. */
  offsets: Float64Array;
}

const BACKSLASH = 0x5c;
const SPACE = 0x20;

/**
 * The fields of many records (packed, each without its line break) as UTF-8 JSON arrays of strings, packed the same
 * way: record i gives exactly `JSON.stringify(parseRecordList(rows, delimiter)[i])`. A record with no quote,
 * backslash or control character other than the delimiter (in valid UTF-8) needs no parsing and no escaping: its
 * JSON is its bytes with each delimiter replaced by `","`, between `["` and `"]`. The others go through
 * parseRecordList and JSON.stringify. Storing a million winners' rows this way skips four million strings.
 */
export function recordListJson(rows: PackedBytes, delimiter: Delimiter): PackedBytes {
  const count = rows.offsets.length - 1;
  const { bytes, offsets } = rows;
  // Positions as small integers (a double as an index takes V8's slow path, ten times slower here).
  if (bytes.length * 3 + count * 4 > 0x7fff_ffff) throw new RangeError('Too many bytes of rows to write as JSON at once.');
  const delimiterByte = delimiter.charCodeAt(0);
  // Invalid UTF-8 is decoded with replacement characters by the general path: only valid text is copied as is.
  const validText = isUtf8(bytes);
  const jsonLength = new Int32Array(count);
  const slow: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = offsets[i] | 0;
    const end = offsets[i + 1] | 0;
    let fields = 1;
    let plain = validText;
    for (let at = start; plain && at < end; at++) {
      const byte = bytes[at];
      if (byte === delimiterByte) fields++;
      else if (byte === QUOTE || byte === BACKSLASH || byte < SPACE) plain = false;
    }
    if (plain) jsonLength[i] = end - start + 2 * (fields - 1) + 4;
    else slow.push(i);
  }
  const slowJson = new Map<number, Uint8Array>();
  if (slow.length) {
    const records = parseRecordList(
      slow.map((i) => bytes.subarray(offsets[i], offsets[i + 1])),
      delimiter,
    );
    slow.forEach((i, k) => {
      const json = utf8Encoder.encode(JSON.stringify(records[k]));
      slowJson.set(i, json);
      jsonLength[i] = json.length;
    });
  }
  const outOffsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) outOffsets[i + 1] = outOffsets[i] + jsonLength[i];
  const out = new Uint8Array(outOffsets[count]);
  for (let i = 0; i < count; i++) {
    let to = outOffsets[i] | 0;
    const json = slowJson.get(i);
    if (json) {
      out.set(json, to);
      continue;
    }
    out[to++] = 0x5b; // [
    out[to++] = QUOTE;
    const end = offsets[i + 1] | 0;
    for (let at = offsets[i] | 0; at < end; at++) {
      const byte = bytes[at];
      if (byte === delimiterByte) {
        out[to++] = QUOTE;
        out[to++] = 0x2c; // ,
        out[to++] = QUOTE;
      } else {
        out[to++] = byte;
      }
    }
    out[to] = QUOTE;
    out[to + 1] = 0x5d; // ]
  }
  return { bytes: out, offsets: outOffsets };
}
