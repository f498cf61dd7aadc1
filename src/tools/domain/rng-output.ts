import type { RngResult } from './rng-generation.js';
import { formatWholeNumber, type RngMode } from '#rules';

/** Rows shown in the response; the whole result is in the file. */
const PREVIEW_ROWS = 1000;
/** Bars of the distribution chart: fewer when the range has fewer numbers. */
const HISTOGRAM_BINS = 20;

export interface RngPreview {
  /** The first rows as decimal strings (each value once when grouped). */
  numbers: string[];
  /** Occurrences of each value shown, when grouped; otherwise null. */
  counts: number[] | null;
  /** Whether rows beyond the preview exist (then only the file has them all). */
  truncated: boolean;
  /** Rows of the whole result: values, or groups when grouped. */
  rowCount: number;
  html: string;
}

export interface HistogramBin {
  from: bigint;
  to: bigint;
  count: number;
}

export function previewOf(result: RngResult, mode: RngMode, rows = PREVIEW_ROWS): RngPreview {
  const shown = Math.min(rows, result.values.length);
  const numbers: string[] = new Array(shown);
  for (let i = 0; i < shown; i++) numbers[i] = result.values[i].toString();
  const counts = result.counts ? Array.from(result.counts.subarray(0, shown)) : null;
  const truncated = shown < result.values.length;
  return { numbers, counts, truncated, rowCount: result.values.length, html: previewHtml(numbers, counts, result, mode, truncated) };
}

/**
 * The preview as an HTML fragment: an ordered list, one item per row (grouped rows read "value ×count"), and when
 * truncated a note saying how many rows the file holds. Only digits are interpolated, so nothing needs escaping.
 */
function previewHtml(numbers: string[], counts: number[] | null, result: RngResult, mode: RngMode, truncated: boolean): string {
  const items = numbers.map((value, i) => (counts ? `<li>${value} <span class="rng-count">×${counts[i]}</span></li>` : `<li>${value}</li>`));
  const what = counts ? 'distinct numbers' : mode === 'sequence' ? 'numbers of the sequence' : 'numbers';
  const note = truncated
    ? `<p class="rng-truncated">Showing the first ${formatWholeNumber(numbers.length)} of ${formatWholeNumber(result.values.length)} ${what}. Download the file for all of them.</p>`
    : '';
  return `<ol class="rng-results">${items.join('')}</ol>${note}`;
}

/**
 * The distribution over [lower, upper] in min(20, range) bins of (almost) equal width: bin k holds
 * lower + ceil(k·R/B) … lower + ceil((k+1)·R/B) − 1 for R = upper − lower + 1 numbers and B bins, so a value v
 * falls in bin floor((v − lower)·B / R). Grouped values count as often as they came up.
 */
export function histogramOf(result: RngResult, lower: bigint, upper: bigint): HistogramBin[] {
  const range = upper - lower + 1n;
  const bins = range < BigInt(HISTOGRAM_BINS) ? Number(range) : HISTOGRAM_BINS;
  const b = BigInt(bins);
  const tallies = new Uint32Array(bins);
  const { values, counts } = result;
  for (let i = 0; i < values.length; i++) tallies[Number(((values[i] - lower) * b) / range)] += counts ? counts[i] : 1;
  const edge = (k: number) => lower + (BigInt(k) * range + b - 1n) / b;
  return Array.from(tallies, (count, k) => ({ from: edge(k), to: edge(k + 1) - 1n, count }));
}

export type RngFileFormat = 'csv' | 'txt';

const CHUNK_CHARS = 64 * 1024;

/**
 * The whole result as text, in chunks of about 64 KiB, so that no full-size string is ever built.
 * CSV (RFC 4180, CRLF): a header `Number` (grouped: `Number,Count`), then one row per value.
 * TXT (LF): one value per line; grouped lines read `value ×count`, as in the preview.
 */
export function* resultText(result: RngResult, format: RngFileFormat): Generator<string> {
  const { values, counts } = result;
  const eol = format === 'csv' ? '\r\n' : '\n';
  let chunk = format === 'csv' ? (counts ? 'Number,Count' : 'Number') + eol : '';
  for (let i = 0; i < values.length; i++) {
    if (counts) chunk += format === 'csv' ? `${values[i]},${counts[i]}${eol}` : `${values[i]} ×${counts[i]}${eol}`;
    else chunk += values[i] + eol;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
