import { createHmac, hash } from 'node:crypto';
import { normalizeCheckedValue } from './entry-check-rules.js';

/** Bytes kept of each HMAC-SHA-256: 128 bits, so two different values never meet in practice. */
export const DIGEST_BYTES = 16;
const BLOCK = 64;

/**
 * The keyed digest of entry check values: HMAC-SHA-256 under a key made from the server secret and the check's
 * random salt, first 16 bytes. Without the server secret the stored digests cannot be tested against guesses, and
 * the salt makes one draw's digests useless for another's.
 *
 * HMAC is computed as H((K ^ opad) || H((K ^ ipad) || m)) with one-shot hashes over reused buffers: createHmac
 * per value costs 50% more, and processing hashes millions of values.
 */
export class EntryDigester {
  private readonly inner: Buffer;
  private readonly outer: Buffer;

  constructor(secret: Buffer, salt: Buffer) {
    const key = createHmac('sha256', secret).update('fairdraw entry check\0').update(salt).digest();
    this.inner = Buffer.alloc(BLOCK + 256);
    this.outer = Buffer.alloc(BLOCK + 32);
    for (let i = 0; i < BLOCK; i++) {
      this.inner[i] = (key[i] ?? 0) ^ 0x36;
      this.outer[i] = (key[i] ?? 0) ^ 0x5c;
    }
  }

  /** The digest of a value typed by an entrant (normalised here). */
  digestOfText(value: string): Buffer {
    const out = Buffer.alloc(DIGEST_BYTES);
    this.digestInto(Buffer.from(normalizeCheckedValue(value), 'utf8'), out, 0);
    return out;
  }

  /** Writes the digest of already normalised UTF-8 bytes at `out[at .. at + 16)`. */
  digestInto(normalized: Uint8Array, out: Uint8Array, at: number): void {
    let inner = this.inner;
    if (BLOCK + normalized.length > inner.length) {
      inner = Buffer.alloc(BLOCK + normalized.length);
      this.inner.copy(inner, 0, 0, BLOCK);
    }
    inner.set(normalized, BLOCK);
    const innerHash = hash('sha256', inner.subarray(0, BLOCK + normalized.length), 'buffer') as unknown as Buffer;
    this.outer.set(innerHash, BLOCK);
    const full = hash('sha256', this.outer, 'buffer') as unknown as Buffer;
    out.set(full.subarray(0, DIGEST_BYTES), at);
  }
}

const SPACE = 0x20;
const isAsciiSpace = (b: number) => b === SPACE || (b >= 0x09 && b <= 0x0d);

/**
 * normalizeCheckedValue on UTF-8 bytes, without making a string when the value is ASCII (most are): the same
 * trimming (ASCII white space is all String.trim removes from ASCII text) and A-Z lowered. Answers a view of
 * `scratch`, or fresh bytes for non-ASCII values.
 */
export function normalizeUtf8(bytes: Uint8Array, scratch: Uint8Array): Uint8Array {
  let start = 0;
  let end = bytes.length;
  for (let i = 0; i < end; i++) if (bytes[i] >= 0x80) return Buffer.from(normalizeCheckedValue(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8')), 'utf8');
  while (start < end && isAsciiSpace(bytes[start])) start++;
  while (end > start && isAsciiSpace(bytes[end - 1])) end--;
  const length = end - start;
  const out = length <= scratch.length ? scratch.subarray(0, length) : new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const b = bytes[start + i];
    out[i] = b >= 0x41 && b <= 0x5a ? b + 32 : b;
  }
  return out;
}
