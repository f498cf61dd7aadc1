import { decodeCompact, encodeCompact } from './compact-hash';

describe('the compact URL-safe hash', () => {
  it('is base64url of UTF-8 JSON without padding, and reads back', () => {
    const value = { a: 'Åre ✓ >>?', b: [1, 2], c: 1 };
    const text = encodeCompact(value);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(text, 'base64url').toString('utf8')).toBe(JSON.stringify(value));
    expect(decodeCompact(text)).toEqual(value);
  });

  it('answers null for anything but a JSON object', () => {
    expect(decodeCompact('')).toBeNull();
    expect(decodeCompact('%%%')).toBeNull();
    expect(decodeCompact(Buffer.from('[1]').toString('base64url'))).toBeNull();
    expect(decodeCompact(Buffer.from('null').toString('base64url'))).toBeNull();
    expect(decodeCompact(Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url'))).toBeNull();
  });
});
