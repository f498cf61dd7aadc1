import { createCipheriv } from 'node:crypto';

/** Bytes asked of OpenSSL per call; larger requests are split so the zero input stays small. */
const CHUNK_BYTES = 64 * 1024;
const ZEROS = Buffer.alloc(CHUNK_BYTES);

/** Fills `out` with the next bytes of the keystream. */
export type KeystreamFill = (out: Uint8Array) => void;

/**
 * The RFC 8439 ChaCha20 keystream for a 256-bit key, a 96-bit nonce and an initial 32-bit block counter.
 * OpenSSL's `chacha20` takes a 16-byte IV = counter (32-bit little-endian) followed by the nonce, and
 * encrypting zero bytes yields the keystream itself. Beyond 2^32 blocks (256 GiB) RFC 8439 stops
 * defining the stream (OpenSSL carries into the nonce); nothing here comes close to that.
 */
export function createChaCha20Keystream(key: Uint8Array, nonce: Uint8Array = new Uint8Array(12), initialCounter = 0): KeystreamFill {
  if (key.length !== 32) throw new RangeError(`ChaCha20 key must be 32 bytes, got ${key.length}`);
  if (nonce.length !== 12) throw new RangeError(`ChaCha20 nonce must be 12 bytes, got ${nonce.length}`);
  if (!Number.isInteger(initialCounter) || initialCounter < 0 || initialCounter > 0xffffffff) {
    throw new RangeError(`ChaCha20 block counter must be a uint32, got ${initialCounter}`);
  }
  const iv = Buffer.alloc(16);
  iv.writeUInt32LE(initialCounter, 0);
  iv.set(nonce, 4);
  const cipher = createCipheriv('chacha20', key, iv);
  return (out) => {
    for (let offset = 0; offset < out.length; offset += CHUNK_BYTES) {
      const n = Math.min(CHUNK_BYTES, out.length - offset);
      const chunk = cipher.update(ZEROS.subarray(0, n));
      // A stream cipher returns exactly what it was given; anything else would silently shift the stream.
      if (chunk.length !== n) throw new Error(`ChaCha20 returned ${chunk.length} bytes for ${n}`);
      out.set(chunk, offset);
    }
  };
}
