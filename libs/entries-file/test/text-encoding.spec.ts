import fc from 'fast-check';
import { byteOrderMarkOf, decideEncoding, Utf8Transcoder, Utf8Validator } from '../src/text-encoding.js';

function validate(bytes: Uint8Array, cuts: number[]): boolean {
  const validator = new Utf8Validator();
  let at = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    validator.push(bytes.subarray(at, cut));
    at = cut;
  }
  validator.push(bytes.subarray(at));
  return validator.end();
}

describe('text encodings', () => {
  it('reads the byte order marks of UTF-8, UTF-16LE and UTF-16BE', () => {
    expect(byteOrderMarkOf(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toBe('utf-8-bom');
    expect(byteOrderMarkOf(Uint8Array.of(0xff, 0xfe, 0x61, 0))).toBe('utf-16le');
    expect(byteOrderMarkOf(Uint8Array.of(0xfe, 0xff, 0, 0x61))).toBe('utf-16be');
    expect(byteOrderMarkOf(Uint8Array.of(0x61, 0x62))).toBeNull();
  });

  it('takes a file without a mark as UTF-8 when it is valid UTF-8, else as Windows-1252', () => {
    expect(decideEncoding(Uint8Array.of(0x61), true)).toBe('utf-8');
    expect(decideEncoding(Uint8Array.of(0x61), false)).toBe('windows-1252');
    expect(decideEncoding(Uint8Array.of(0xff, 0xfe), false)).toBe('utf-16le');
  });

  it('validates UTF-8 across chunk boundaries exactly as a whole-buffer check does (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.array(fc.nat(40), { maxLength: 5 }), (bytes, cuts) => {
        expect(validate(bytes, cuts)).toBe(isValid(bytes));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.array(fc.nat(80), { maxLength: 5 }), (text, cuts) => {
        expect(validate(new TextEncoder().encode(text), cuts)).toBe(true);
      }),
    );
  });

  it('refuses a sequence left open at the end', () => {
    expect(validate(Uint8Array.of(0x61, 0xe2, 0x82), [2])).toBe(false);
    expect(validate(Uint8Array.of(0x61, 0xe2, 0x82, 0xac), [2, 3])).toBe(true);
  });

  it('transcodes UTF-16 and Windows-1252 to UTF-8 chunk by chunk, dropping the mark', () => {
    const utf16le = Uint8Array.of(0xff, 0xfe, 0x41, 0x00, 0xe9, 0x00, 0x3d, 0xd8, 0x00, 0xde); // A é 😀
    const t = new Utf8Transcoder('utf-16le');
    const parts = [t.push(utf16le.subarray(0, 3)), t.push(utf16le.subarray(3, 7)), t.push(utf16le.subarray(7)), t.end()];
    expect(new TextDecoder().decode(Buffer.concat(parts))).toBe('Aé😀');
    const be = new Utf8Transcoder('utf-16be');
    expect(new TextDecoder().decode(Buffer.concat([be.push(Uint8Array.of(0xfe, 0xff, 0x00, 0x41)), be.end()]))).toBe('A');
    const ansi = new Utf8Transcoder('windows-1252');
    expect(new TextDecoder().decode(Buffer.concat([ansi.push(Uint8Array.of(0x43, 0x61, 0x66, 0xe9, 0x80)), ansi.end()]))).toBe('Café€');
  });
});

function isValid(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
