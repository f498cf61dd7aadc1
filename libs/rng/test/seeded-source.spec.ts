import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { createSeededKeystream, createSeededSource, seedKey } from '../src/index.js';
import { chacha20Keystream } from './support/chacha20-reference.js';

const words = (source: { nextUint32(): number }, n = 8): number[] => Array.from({ length: n }, () => source.nextUint32());
const SEED_00_1F = Uint8Array.from({ length: 32 }, (_, i) => i);

// The README's test vectors: seed -> SHA-256 key -> first 8 words. Changing any of them breaks every
// published certificate, so they are frozen here.
const GOLDEN: { name: string; seed: string | Uint8Array; key: string; words: number[] }[] = [
  {
    name: 'the empty string',
    seed: '',
    key: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    words: [0x1a7cc398, 0x45eb4275, 0x8dd4a0da, 0xe0de1a9c, 0xa97811f4, 0x960b594d, 0x95950fae, 0x8f00c3e1],
  },
  {
    name: 'the string "fairdraw"',
    seed: 'fairdraw',
    key: 'd45335324b6c906cc6241b11ff7fd9acb1626513aba2d48f793e54aaf312f040',
    words: [0xa93e197f, 0x07a7287b, 0x68230bd2, 0x9cd4739b, 0x815b3eb3, 0x2e0ae46b, 0x3b93d631, 0x7338318a],
  },
  {
    name: 'the string "żółw 🐢" (UTF-8)',
    seed: 'żółw 🐢',
    key: 'd1d6adfa5696f8cf22ad56b040d2467d0530708390d76ff8202f23460ad92004',
    words: [0x8f1c8d25, 0x4cd6ad8a, 0xbacaf72a, 0xf7b01ff6, 0x34b17b64, 0x1dfb2b99, 0x8f92b453, 0x7f36d8ee],
  },
  {
    name: 'the 32 bytes 00 01 .. 1f',
    seed: SEED_00_1F,
    key: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
    words: [0x0d36f628, 0x6343cda4, 0x874b2930, 0xa94982fa, 0x80440cda, 0x5db2b009, 0x4938d02e, 0xaeec023e],
  },
  {
    name: '32 zero bytes',
    seed: new Uint8Array(32),
    key: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    words: [0x58d05b75, 0xc37d8cfc, 0x969bbb41, 0xa30d9056, 0xa60a53ec, 0x35155c86, 0x5077ae8a, 0x545687d2],
  },
];

describe('createSeededSource', () => {
  it.each(GOLDEN)('golden vector: $name', ({ seed, key, words: expected }) => {
    expect(Buffer.from(seedKey(seed)).toString('hex')).toBe(key);
    expect(words(createSeededSource(seed))).toEqual(expected);
  });

  it('is ChaCha20 under SHA-256(seed), zero nonce, counter 0, read as little-endian words (plain JS witness)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.uint8Array({ maxLength: 64 })), (seed) => {
        const key = new Uint8Array(
          createHash('sha256')
            .update(typeof seed === 'string' ? Buffer.from(seed, 'utf8') : seed)
            .digest(),
        );
        const bytes = chacha20Keystream(key, new Uint8Array(12), 0, 160);
        const view = new DataView(bytes.buffer);
        const expected = Array.from({ length: 40 }, (_, i) => view.getUint32(4 * i, true));
        expect(words(createSeededSource(seed), 40)).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('treats a string seed as its UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (seed) => {
        expect(words(createSeededSource(seed), 4)).toEqual(words(createSeededSource(new Uint8Array(Buffer.from(seed, 'utf8'))), 4));
      }),
      { numRuns: 100 },
    );
  });

  it('does not depend on its buffer size, across refills', () => {
    const reference = words(createSeededSource('fairdraw'), 50_000);
    for (const bufferBytes of [4, 12, 64, 4096, 65536, 1 << 20]) {
      expect(words(createSeededSource('fairdraw', bufferBytes), 50_000)).toEqual(reference);
    }
  });

  it('exposes exactly the keystream bytes: words are those bytes read little-endian', () => {
    const bytes = new Uint8Array(1000);
    createSeededKeystream(SEED_00_1F)(bytes);
    const view = new DataView(bytes.buffer);
    expect(words(createSeededSource(SEED_00_1F), 250)).toEqual(Array.from({ length: 250 }, (_, i) => view.getUint32(4 * i, true)));
  });

  it('does not let later changes to the seed bytes change the stream', () => {
    const seed = SEED_00_1F.slice();
    const source = createSeededSource(seed);
    seed.fill(0);
    expect(words(source)).toEqual(GOLDEN[3].words);
  });

  it('refuses seeds that are neither strings nor bytes', () => {
    expect(() => createSeededSource(42 as unknown as string)).toThrow(TypeError);
  });
});
