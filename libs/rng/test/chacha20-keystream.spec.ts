import fc from 'fast-check';
import { createChaCha20Keystream } from '../src/chacha20-keystream.js';
import { chacha20Block, chacha20Keystream } from './support/chacha20-reference.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const fromHex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text.replace(/\s+/g, ''), 'hex'));
const KEY_00_1F = fromHex('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');

function keystream(key: Uint8Array, nonce: Uint8Array, counter: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  createChaCha20Keystream(key, nonce, counter)(out);
  return out;
}

describe('ChaCha20 keystream (node:crypto) against RFC 8439', () => {
  it('A.1 test vector #1: zero key, zero nonce, block counter 0', () => {
    expect(hex(keystream(new Uint8Array(32), new Uint8Array(12), 0, 64))).toBe(
      '76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7' + 'da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586',
    );
  });

  it('A.1 test vector #2: zero key, zero nonce, block counter 1', () => {
    expect(hex(keystream(new Uint8Array(32), new Uint8Array(12), 1, 64))).toBe(
      '9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed' + '29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f',
    );
  });

  it('§2.3.2 block function: key 00..1f, nonce 000000090000004a00000000, counter 1', () => {
    const expected = '10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e' + 'd2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e';
    const nonce = fromHex('000000090000004a00000000');
    expect(hex(keystream(KEY_00_1F, nonce, 1, 64))).toBe(expected);
    expect(hex(chacha20Block(KEY_00_1F, 1, nonce))).toBe(expected);
  });

  it('§2.4.2 encryption: the sunscreen plaintext XOR the keystream from counter 1', () => {
    const nonce = fromHex('000000000000004a00000000');
    const plaintext = Buffer.from("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.");
    const stream = keystream(KEY_00_1F, nonce, 1, plaintext.length);
    const ciphertext = plaintext.map((byte, i) => byte ^ stream[i]);
    expect(hex(ciphertext)).toBe(
      '6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b' +
        'f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8' +
        '07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736' +
        '5af90bbf74a35be6b40b8eedf2785e42874d',
    );
  });

  it('matches a plain JavaScript ChaCha20 for any key, nonce and counter', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 12, maxLength: 12 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 300 }),
        (key, nonce, counter, length) => {
          expect(hex(keystream(key, nonce, counter, length))).toBe(hex(chacha20Keystream(key, nonce, counter, length)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the same stream however the reads are split, across its 64 KiB chunks', () => {
    const whole = keystream(KEY_00_1F, new Uint8Array(12), 0, 200_000);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 70_000 }), { minLength: 1, maxLength: 8 }), (sizes) => {
        const fill = createChaCha20Keystream(KEY_00_1F);
        const parts: Uint8Array[] = [];
        let offset = 0;
        for (const size of sizes) {
          const n = Math.min(size, whole.length - offset);
          const part = new Uint8Array(n);
          fill(part);
          parts.push(part);
          offset += n;
        }
        expect(hex(Buffer.concat(parts))).toBe(hex(whole.subarray(0, offset)));
      }),
      { numRuns: 30 },
    );
  });

  it('refuses keys, nonces and counters of the wrong shape', () => {
    expect(() => createChaCha20Keystream(new Uint8Array(31))).toThrow(RangeError);
    expect(() => createChaCha20Keystream(new Uint8Array(32), new Uint8Array(8))).toThrow(RangeError);
    expect(() => createChaCha20Keystream(new Uint8Array(32), new Uint8Array(12), 2 ** 32)).toThrow(RangeError);
  });
});
