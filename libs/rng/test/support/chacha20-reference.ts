// A plain RFC 8439 ChaCha20 written from the RFC's pseudocode, independent of OpenSSL: the check that
// "anyone can re-implement the stream" holds, and a second witness for the golden vectors.

function rotl(x: number, n: number): number {
  return ((x << n) | (x >>> (32 - n))) >>> 0;
}

function quarterRound(s: Uint32Array, a: number, b: number, c: number, d: number): void {
  s[a] = (s[a] + s[b]) >>> 0;
  s[d] = rotl(s[d] ^ s[a], 16);
  s[c] = (s[c] + s[d]) >>> 0;
  s[b] = rotl(s[b] ^ s[c], 12);
  s[a] = (s[a] + s[b]) >>> 0;
  s[d] = rotl(s[d] ^ s[a], 8);
  s[c] = (s[c] + s[d]) >>> 0;
  s[b] = rotl(s[b] ^ s[c], 7);
}

function readLE(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16) | (bytes[offset + 3] << 24)) >>> 0;
}

/** RFC 8439 §2.3: one 64-byte block. */
export function chacha20Block(key: Uint8Array, counter: number, nonce: Uint8Array): Uint8Array {
  const state = new Uint32Array(16);
  state.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
  for (let i = 0; i < 8; i++) state[4 + i] = readLE(key, 4 * i);
  state[12] = counter >>> 0;
  for (let i = 0; i < 3; i++) state[13 + i] = readLE(nonce, 4 * i);
  const working = state.slice();
  for (let round = 0; round < 10; round++) {
    quarterRound(working, 0, 4, 8, 12);
    quarterRound(working, 1, 5, 9, 13);
    quarterRound(working, 2, 6, 10, 14);
    quarterRound(working, 3, 7, 11, 15);
    quarterRound(working, 0, 5, 10, 15);
    quarterRound(working, 1, 6, 11, 12);
    quarterRound(working, 2, 7, 8, 13);
    quarterRound(working, 3, 4, 9, 14);
  }
  const out = new Uint8Array(64);
  for (let i = 0; i < 16; i++) {
    const word = (working[i] + state[i]) >>> 0;
    out[4 * i] = word & 0xff;
    out[4 * i + 1] = (word >>> 8) & 0xff;
    out[4 * i + 2] = (word >>> 16) & 0xff;
    out[4 * i + 3] = word >>> 24;
  }
  return out;
}

/** `length` keystream bytes from block `counter` on. */
export function chacha20Keystream(key: Uint8Array, nonce: Uint8Array, counter: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let offset = 0, block = counter; offset < length; offset += 64, block++) {
    out.set(chacha20Block(key, block, nonce).subarray(0, Math.min(64, length - offset)), offset);
  }
  return out;
}
