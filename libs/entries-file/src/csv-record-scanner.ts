/**
 * A byte-level CSV scanner for the hot path: it finds records and fields in UTF-8 bytes without making a string per
 * row. It reads exactly what csv-parse reads with `CSV_PARSE_OPTIONS` (csv-parse-records.ts), which the unit tests
 * check on random input; csv-parse itself needs about 11 s for a 300 MB file, this scanner under 1 s.
 *
 * Syntax (docs/verification.md, "Records and fields"):
 * - A record ends at CR LF, LF or CR; the last record needs no line break. An empty input has no record; a line
 *   break alone makes one record with one empty field.
 * - Fields are separated by the delimiter. A field that starts with a double quote is quoted: it runs to the next
 *   quote not followed by another quote, `""` stands for one quote, and delimiters and line breaks inside are text.
 * - A quote anywhere else is an ordinary character (`5" screen` is read as it stands).
 * - A quoted field whose closing quote is followed by something other than a delimiter or a line break is read as
 *   text: the opening quote, the quoted text (with `""` made `"`), the closing quote, then the characters up to the
 *   next delimiter or line break, quotes included.
 * - A quoted field still open at the end of the file is an error.
 *
 * Every ASCII byte is a character of its own in UTF-8 (multi-byte sequences use bytes >= 0x80 only), so scanning
 * bytes is exact for UTF-8 text.
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
export const SPACE = 0x20;
export const TAB = 0x09;

/** How a field's bytes map to its value. */
const FIELD_PLAIN = 0; // the bytes are the value
const FIELD_QUOTED = 1; // the bytes between the quotes are the value
export const FIELD_ESCAPED = 2; // the bytes between the quotes, with "" read as "
export const FIELD_RELAXED = 3; // the raw field from its opening quote; see fieldValueBytes

export type CsvScanErrorReason = 'QUOTE_NOT_CLOSED' | 'RECORD_TOO_LONG' | 'TOO_MANY_FIELDS';

export class CsvScanError extends Error {
  constructor(
    readonly reason: CsvScanErrorReason,
    /** 1-based number of the record (row) where the problem is. */
    readonly recordNumber: number,
  ) {
    super(`${reason} at record ${recordNumber}`);
  }
}

export interface CsvScanLimits {
  /** Longest record in bytes, line break excluded. */
  maxRecordBytes: number;
  /** Most fields in one record. */
  maxFields: number;
}

export interface CsvRecordSink {
  /**
   * One record: `bytes[start, end)` without its line break, starting at `fileOffset` in the file. Its fields are
   * `scanner.fieldStarts/fieldEnds/fieldKinds[0 .. scanner.fieldCount)`, positions in `bytes`. The arrays, and
   * `bytes` itself, are reused once the call returns: copy what must be kept.
   */
  record(scanner: CsvRecordScanner, bytes: Uint8Array, start: number, end: number, fileOffset: number): void;
}

export class CsvRecordScanner {
  readonly fieldStarts: Int32Array;
  readonly fieldEnds: Int32Array;
  readonly fieldKinds: Uint8Array;
  fieldCount = 0;
  /** Records passed to the sink so far. */
  recordCount = 0;

  /** 1 for the bytes that end an unquoted field (delimiter, LF, CR): one table load per byte beats three compares. */
  private readonly stops = new Uint8Array(256);
  private carry: Uint8Array | null = null;
  private joined = new Uint8Array(0);
  /** File offset of the first byte not yet consumed. */
  private offset: number;
  private finished = false;

  constructor(
    private readonly delimiter: number,
    private readonly sink: CsvRecordSink,
    private readonly limits: CsvScanLimits,
    startOffset = 0,
  ) {
    if (delimiter === QUOTE || delimiter === LF || delimiter === CR || delimiter > 0x7f) throw new Error('The delimiter must be an ASCII character other than a quote or a line break.');
    this.fieldStarts = new Int32Array(limits.maxFields);
    this.fieldEnds = new Int32Array(limits.maxFields);
    this.fieldKinds = new Uint8Array(limits.maxFields);
    this.offset = startOffset;
    this.stops[delimiter] = 1;
    this.stops[LF] = 1;
    this.stops[CR] = 1;
  }

  /** Scans the next bytes of the file; an incomplete last record waits for more. */
  push(chunk: Uint8Array): void {
    if (this.finished) throw new Error('The scanner has finished.');
    if (chunk.length === 0) return;
    let bytes = chunk;
    if (this.carry !== null) {
      // The record left open by the last chunk, then this chunk, in one reused buffer.
      const length = this.carry.length + chunk.length;
      if (this.joined.length < length) this.joined = new Uint8Array(Math.max(length, this.joined.length * 2));
      this.joined.set(this.carry, 0);
      this.joined.set(chunk, this.carry.length);
      bytes = this.joined.subarray(0, length);
    }
    const used = this.scan(bytes, false);
    const left = bytes.length - used;
    // +1: a record of the longest length may wait for the LF after its CR.
    if (left > this.limits.maxRecordBytes + 1) throw new CsvScanError('RECORD_TOO_LONG', this.recordCount + 1);
    // A copy: the chunk (often 1 MB) is not kept alive for its last few bytes, and `joined` is reused.
    this.carry = left > 0 ? bytes.slice(used) : null;
    this.offset += used;
  }

  /** The end of the file: scans what is left. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.carry !== null) {
      const bytes = this.carry;
      this.carry = null;
      this.scan(bytes, true);
    }
  }

  /** Scans whole records of `bytes`; answers the index of the first byte of the record left incomplete. */
  private scan(bytes: Uint8Array, final: boolean): number {
    const delimiter = this.delimiter;
    const starts = this.fieldStarts;
    const ends = this.fieldEnds;
    const kinds = this.fieldKinds;
    const maxFields = this.limits.maxFields;
    const maxRecordBytes = this.limits.maxRecordBytes;
    const stops = this.stops;
    const end = bytes.length;
    let pos = 0;
    while (pos < end) {
      const recordStart = pos;
      let count = 0;
      let p = pos;
      for (;;) {
        if (count === maxFields) throw new CsvScanError('TOO_MANY_FIELDS', this.recordCount + 1);
        if (p < end && bytes[p] === QUOTE) {
          let q = p + 1;
          let escaped = false;
          for (;;) {
            while (q < end && bytes[q] !== QUOTE) q++;
            if (q >= end) {
              if (final) throw new CsvScanError('QUOTE_NOT_CLOSED', this.recordCount + 1);
              return recordStart;
            }
            if (q + 1 >= end) {
              if (!final) return recordStart;
              break;
            }
            if (bytes[q + 1] === QUOTE) {
              escaped = true;
              q += 2;
              continue;
            }
            break;
          }
          const after = q + 1;
          if (after >= end || stops[bytes[after]] === 1) {
            starts[count] = p + 1;
            ends[count] = q;
            kinds[count] = escaped ? FIELD_ESCAPED : FIELD_QUOTED;
            p = after;
          } else {
            let r = after;
            while (r < end && stops[bytes[r]] === 0) r++;
            if (r >= end && !final) return recordStart;
            starts[count] = p;
            ends[count] = r;
            kinds[count] = FIELD_RELAXED;
            p = r;
          }
        } else {
          let r = p;
          while (r < end && stops[bytes[r]] === 0) r++;
          if (r >= end && !final) return recordStart;
          starts[count] = p;
          ends[count] = r;
          kinds[count] = FIELD_PLAIN;
          p = r;
        }
        count++;
        if (p < end && bytes[p] === delimiter) {
          p++;
          continue;
        }
        break;
      }
      let next: number;
      if (p >= end) next = p;
      else if (bytes[p] === CR) {
        if (p + 1 < end) next = bytes[p + 1] === LF ? p + 2 : p + 1;
        else if (!final) return recordStart;
        else next = p + 1;
      } else next = p + 1;
      if (p - recordStart > maxRecordBytes) throw new CsvScanError('RECORD_TOO_LONG', this.recordCount + 1);
      this.fieldCount = count;
      this.recordCount++;
      this.sink.record(this, bytes, recordStart, p, this.offset + recordStart);
      pos = next;
    }
    return pos;
  }
}

/** The value of a field as UTF-8 bytes (a view into `bytes` when no unescaping is needed). */
export function fieldValueBytes(bytes: Uint8Array, start: number, end: number, kind: number): Uint8Array {
  if (kind === FIELD_PLAIN || kind === FIELD_QUOTED) return bytes.subarray(start, end);
  const out = new Uint8Array(end - start);
  let n = 0;
  if (kind === FIELD_ESCAPED) {
    for (let i = start; i < end; i++) {
      out[n++] = bytes[i];
      if (bytes[i] === QUOTE) i++; // "" inside a quoted field stands for one quote
    }
    return out.subarray(0, n);
  }
  // FIELD_RELAXED: `"`, the quoted text unescaped, `"`, then the rest as it stands.
  out[n++] = QUOTE;
  let i = start + 1;
  for (; i < end; i++) {
    if (bytes[i] === QUOTE) {
      if (i + 1 < end && bytes[i + 1] === QUOTE) {
        out[n++] = QUOTE;
        i++;
        continue;
      }
      break;
    }
    out[n++] = bytes[i];
  }
  for (; i < end; i++) out[n++] = bytes[i];
  return out.subarray(0, n);
}

const utf8 = new TextDecoder('utf-8');

/** The value of a field as text. */
export function fieldText(bytes: Uint8Array, start: number, end: number, kind: number): string {
  return utf8.decode(fieldValueBytes(bytes, start, end, kind));
}

/** Whether the field holds nothing but spaces and tabs. Quote characters count as content. */
export function isBlankField(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b !== SPACE && b !== TAB) return false;
  }
  return true;
}
