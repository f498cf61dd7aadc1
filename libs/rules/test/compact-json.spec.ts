import { decodeBase64Url, decodeCompact, encodeBase64Url, encodeCompact } from '../src/index.js';

describe('base64url of UTF-8 text, without Buffer', () => {
  it("writes what Node's Buffer writes, and reads it back", () => {
    for (const text of ['', 'a', 'ab', 'abc', 'Åre ✓ 🎉 >>?', '\u0000\u007f\u0080\u07ff\u0800\uffff']) {
      expect(encodeBase64Url(text)).toBe(Buffer.from(text, 'utf8').toString('base64url'));
      expect(decodeBase64Url(encodeBase64Url(text))).toBe(text);
    }
  });

  it('answers null for what is not base64url of UTF-8', () => {
    expect(decodeBase64Url('%%%')).toBeNull();
    expect(decodeBase64Url(Buffer.from([0xc3, 0x28]).toString('base64url'))).toBeNull();
  });
});

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
