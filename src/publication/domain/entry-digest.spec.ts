import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { sortAndMerge } from './digest-table.js';
import { normalizeCheckedValue } from './entry-check-rules.js';
import { DIGEST_BYTES, EntryDigester, normalizeUtf8 } from './entry-digest.js';

describe('entry check digests', () => {
  const secret = Buffer.from('a server secret of at least thirty-two characters');
  const salt = Buffer.alloc(16, 7);

  it('is HMAC-SHA-256 under the key derived from the secret and the salt, first 16 bytes', () => {
    const key = createHmac('sha256', secret).update('fairdraw entry check\0').update(salt).digest();
    const digester = new EntryDigester(secret, salt);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (value) => {
        const expected = createHmac('sha256', key).update(normalizeCheckedValue(value), 'utf8').digest().subarray(0, DIGEST_BYTES);
        expect(digester.digestOfText(value)).toEqual(expected);
      }),
    );
    expect(new EntryDigester(secret, Buffer.alloc(16, 8)).digestOfText('x')).not.toEqual(digester.digestOfText('x'));
  });

  it('normalises bytes from the file exactly as a typed value is normalised', () => {
    const scratch = new Uint8Array(8);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: fc.constantFrom(' ', '\t', '\r', '\v', 'A', 'z', 'Q', '1', '@', '.', '-') }), fc.string({ unit: 'grapheme' })), (value) => {
        const bytes = normalizeUtf8(Buffer.from(value, 'utf8'), scratch);
        expect(Buffer.from(bytes).toString('utf8')).toBe(normalizeCheckedValue(value));
      }),
    );
  });

  it('sorts digests and sums the entries of equal ones', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 9 })), { maxLength: 300 }), (rows) => {
        const digester = new EntryDigester(secret, salt);
        const digests = Buffer.alloc(rows.length * DIGEST_BYTES);
        const entries = new Float64Array(rows.length);
        rows.forEach(([value, tickets], i) => {
          digests.set(digester.digestOfText(String(value)), i * DIGEST_BYTES);
          entries[i] = tickets;
        });
        const table = sortAndMerge(digests, entries, rows.length);
        const expected = new Map<string, number>();
        rows.forEach(([value, tickets]) => {
          const hex = digester.digestOfText(String(value)).toString('hex');
          expected.set(hex, (expected.get(hex) ?? 0) + tickets);
        });
        const keys = [...expected.keys()].sort();
        expect(table.count).toBe(keys.length);
        expect(Array.from({ length: table.count }, (_, i) => table.digests.subarray(i * DIGEST_BYTES, (i + 1) * DIGEST_BYTES).toString('hex'))).toEqual(keys);
        expect(Array.from(table.entries)).toEqual(keys.map((key) => expected.get(key)));
      }),
    );
  });
});
