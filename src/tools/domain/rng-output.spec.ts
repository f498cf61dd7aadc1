import { generateRng, type RngResult } from './rng-generation.js';
import { histogramOf, previewOf, resultText } from './rng-output.js';
import { parseRngDownloadName, rngFileName } from './rng-file.js';

const result = (values: bigint[], counts?: number[]): RngResult => ({
  values: BigUint64Array.from(values),
  counts: counts ? Uint32Array.from(counts) : null,
  total: counts ? counts.reduce((a, b) => a + b, 0) : values.length,
});

describe('random numbers: what is shown and downloaded', () => {
  it('previews the first rows as digits, with an HTML list', () => {
    const preview = previewOf(result([5n, 999_999_999_999_999_999n, 0n]), 'numbers', 2);
    expect(preview).toEqual({
      numbers: ['5', '999999999999999999'],
      counts: null,
      truncated: true,
      rowCount: 3,
      html: '<ol class="rng-results"><li>5</li><li>999999999999999999</li></ol>' + '<p class="rng-truncated">Showing the first 2 of 3 numbers. Download the file for all of them.</p>',
    });
    expect(previewOf(result([1n, 2n]), 'sequence').html).toBe('<ol class="rng-results"><li>1</li><li>2</li></ol>');
  });

  it('shows grouped rows as value ×count', () => {
    const preview = previewOf(result([7n, 3n], [4, 1]), 'numbers');
    expect(preview.counts).toEqual([4, 1]);
    expect(preview.html).toBe('<ol class="rng-results"><li>7 <span class="rng-count">×4</span></li><li>3 <span class="rng-count">×1</span></li></ol>');
    expect(preview.truncated).toBe(false);
  });

  it('writes CSV with a header and CRLF, TXT one row per line', () => {
    expect([...resultText(result([5n, 12n]), 'csv')].join('')).toBe('Number\r\n5\r\n12\r\n');
    expect([...resultText(result([5n, 12n]), 'txt')].join('')).toBe('5\n12\n');
    expect([...resultText(result([7n, 3n], [4, 1]), 'csv')].join('')).toBe('Number,Count\r\n7,4\r\n3,1\r\n');
    expect([...resultText(result([7n, 3n], [4, 1]), 'txt')].join('')).toBe('7 ×4\n3 ×1\n');
  });

  it('streams a million rows in chunks of about 64 KiB', () => {
    const big = generateRng({ mode: 'numbers', lower: 0n, upper: 999_999_999_999_999_999n, count: 1_000_000, ordering: 0, direction: 0, grouping: false, unique: true, seed: 'chunks' });
    let lines = 0;
    let largest = 0;
    for (const chunk of resultText(big, 'txt')) {
      largest = Math.max(largest, chunk.length);
      for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines++;
    }
    expect(lines).toBe(1_000_000);
    expect(largest).toBeLessThan(70 * 1024);
  });

  it('bins the distribution over the range, every value in exactly one bin', () => {
    const bins = histogramOf(result([0n, 3n, 4n, 9n, 9n]), 0n, 9n);
    expect(bins.map((bin) => [bin.from, bin.to, bin.count])).toEqual(Array.from({ length: 10 }, (_, k) => [BigInt(k), BigInt(k), [0, 3, 4, 9].includes(k) ? (k === 9 ? 2 : 1) : 0]));
    const wide = histogramOf(result([0n, 999_999_999_999_999_999n, 500_000_000_000_000_000n], [2, 1, 1]), 0n, 999_999_999_999_999_999n);
    expect(wide).toHaveLength(20);
    expect(wide[0]).toEqual({ from: 0n, to: 49_999_999_999_999_999n, count: 2 });
    expect(wide[10]).toEqual({ from: 500_000_000_000_000_000n, to: 549_999_999_999_999_999n, count: 1 });
    expect(wide[19]).toEqual({ from: 950_000_000_000_000_000n, to: 999_999_999_999_999_999n, count: 1 });
    // Uneven ranges: contiguous bins that cover the range exactly.
    const uneven = histogramOf(result([10n, 32n]), 10n, 32n);
    expect(uneven[0].from).toBe(10n);
    expect(uneven.at(-1)!.to).toBe(32n);
    for (let k = 1; k < uneven.length; k++) expect(uneven[k].from).toBe(uneven[k - 1].to + 1n);
    expect(uneven.reduce((sum, bin) => sum + bin.count, 0)).toBe(2);
  });

  it('names files with 128 random bits and reads the names back', () => {
    const name = rngFileName('numbers', '0123456789abcdef0123456789abcdef');
    expect(name).toBe('random-numbers-0123456789abcdef0123456789abcdef');
    expect(parseRngDownloadName(`${name}.csv`)).toEqual({ mode: 'numbers', id: '0123456789abcdef0123456789abcdef', format: 'csv' });
    expect(parseRngDownloadName('random-sequence-0123456789abcdef0123456789abcdef.txt')).toEqual({ mode: 'sequence', id: '0123456789abcdef0123456789abcdef', format: 'txt' });
    for (const bad of [`${name}.pdf`, name, '../etc/passwd', 'random-numbers-0123.csv', `${name.toUpperCase()}.csv`]) expect(parseRngDownloadName(bad)).toBeNull();
  });
});
