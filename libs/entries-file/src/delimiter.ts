import { CsvRecordScanner, CsvScanError, isBlankField, type CsvRecordSink } from './csv-record-scanner.js';
import { ENTRIES_LIMITS } from './entries-limits.js';

/** The delimiters an entries file may use, in the order that breaks ties (after the file type's own). */
const DELIMITERS = [',', '\t', ';', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** Bytes at the start of the text that the detection reads. */
export const DELIMITER_SAMPLE_BYTES = 64 * 1024;
/** Non-blank records of the sample that the detection counts. */
const DELIMITER_SAMPLE_RECORDS = 50;

/** Tab for .tsv files, comma for the others: the file type's own delimiter, which wins ties. */
export function delimiterForExtension(extension: string): Delimiter {
  return extension.toLowerCase() === 'tsv' ? '\t' : ',';
}

/**
 * Which delimiter the text uses (docs/verification.md, "Delimiter"). Each candidate reads the sample as CSV; the
 * number of delimiters per non-blank record (fields - 1) is counted for the first 50 records. A candidate whose most
 * common count (the larger on a tie) is 0 does not qualify. The winner is the qualifying candidate whose most
 * common count occurs in the most records, then the one with the larger count, then the file type's delimiter,
 * then the order comma, tab, semicolon, pipe. With no qualifying candidate the file has one column and the file
 * type's delimiter is used.
 *
 * @param sample the first DELIMITER_SAMPLE_BYTES of the text (UTF-8, no byte order mark)
 * @param wholeFile whether the sample is the whole text (else its last, possibly cut, record is not counted)
 */
export function detectDelimiter(sample: Uint8Array, wholeFile: boolean, extension: string): Delimiter {
  const preferred = delimiterForExtension(extension);
  const order: Delimiter[] = [preferred, ...DELIMITERS.filter((d) => d !== preferred)];
  let best: { delimiter: Delimiter; records: number; count: number } | null = null;
  for (const delimiter of order) {
    const counts = delimiterCounts(sample, wholeFile, delimiter);
    const mode = mostCommon(counts);
    if (mode.value === 0) continue;
    if (best === null || mode.records > best.records || (mode.records === best.records && mode.value > best.count)) {
      best = { delimiter, records: mode.records, count: mode.value };
    }
  }
  return best?.delimiter ?? preferred;
}

function delimiterCounts(sample: Uint8Array, wholeFile: boolean, delimiter: Delimiter): number[] {
  const counts: number[] = [];
  const sink: CsvRecordSink = {
    record(scanner, bytes) {
      if (counts.length >= DELIMITER_SAMPLE_RECORDS) return;
      const n = scanner.fieldCount;
      for (let i = 0; i < n; i++) {
        if (!isBlankField(bytes, scanner.fieldStarts[i], scanner.fieldEnds[i])) {
          counts.push(n - 1);
          return;
        }
      }
    },
  };
  const scanner = new CsvRecordScanner(delimiter.charCodeAt(0), sink, ENTRIES_LIMITS);
  try {
    scanner.push(sample);
    if (wholeFile) scanner.finish();
  } catch (error) {
    // A broken record ends the sample; the records before it still count.
    if (!(error instanceof CsvScanError)) throw error;
  }
  return counts;
}

function mostCommon(values: number[]): { value: number; records: number } {
  const tally = new Map<number, number>();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  let value = 0;
  let records = 0;
  for (const [v, n] of tally) {
    if (n > records || (n === records && v > value)) {
      value = v;
      records = n;
    }
  }
  return { value, records };
}
