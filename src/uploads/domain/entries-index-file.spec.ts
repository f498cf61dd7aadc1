import { decodeIndexFile, encodeIndexFile, IndexFileError } from './entries-index-file.js';

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((n, p) => n + p.length, 0)));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('entries index file', () => {
  it('round-trips a header and typed arrays as aligned views', () => {
    const starts = Float64Array.of(0, 17, 2 ** 40);
    const tickets = Uint32Array.of(1, 0, 4_000_000_000);
    const odd = Uint32Array.of(7);
    const bytes = join(encodeIndexFile({ rulesVersion: 1, sha256: 'ab' }, { starts, tickets, odd }));
    expect(bytes.length % 8).toBe(0);
    const { meta, arrays } = decodeIndexFile<{ rulesVersion: number; sha256: string }>(bytes);
    expect(meta).toEqual({ rulesVersion: 1, sha256: 'ab' });
    expect(Array.from(arrays.starts)).toEqual([0, 17, 2 ** 40]);
    expect(arrays.tickets).toBeInstanceOf(Uint32Array);
    expect(Array.from(arrays.tickets)).toEqual([1, 0, 4_000_000_000]);
    expect(Array.from(arrays.odd)).toEqual([7]);
    expect(arrays.starts.buffer).toBe(bytes.buffer);
  });

  it('refuses other files and truncated indexes', () => {
    expect(() => decodeIndexFile(new TextEncoder().encode('not an index at all'))).toThrow(IndexFileError);
    const bytes = join(encodeIndexFile({}, { a: new Float64Array(4) }));
    expect(() => decodeIndexFile(bytes.slice(0, bytes.length - 8))).toThrow(/Truncated/);
  });
});
