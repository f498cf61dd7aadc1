import { isUtf8 } from './runtime.js';

/**
 * How the bytes of an entries file become text (docs/verification.md, "Text"):
 * - a UTF-8 byte order mark (EF BB BF): UTF-8, the mark is not text;
 * - FF FE: UTF-16 little-endian; FE FF: UTF-16 big-endian (the mark is not text);
 * - no mark and the whole file is valid UTF-8: UTF-8;
 * - otherwise Windows-1252 (what Excel's "CSV" format writes on Western European Windows).
 * Decoding follows the WHATWG Encoding Standard (TextDecoder), so every implementation reads the same text.
 */
export type TextEncodingName = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Bytes at the start of a file that decide its byte order mark. */
export const BOM_PROBE_BYTES = 3;

export function byteOrderMarkOf(head: Uint8Array): 'utf-8-bom' | 'utf-16le' | 'utf-16be' | null {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom';
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** The encoding of a file from its first bytes and whether all its bytes are valid UTF-8. */
export function decideEncoding(head: Uint8Array, validUtf8: boolean): TextEncodingName {
  return byteOrderMarkOf(head) ?? (validUtf8 ? 'utf-8' : 'windows-1252');
}

/** Whether the stored file must be turned into UTF-8 before it is read (the scanner reads UTF-8 only). */
export function needsTranscoding(encoding: TextEncodingName): boolean {
  return encoding === 'utf-16le' || encoding === 'utf-16be' || encoding === 'windows-1252';
}

/** Bytes of byte order mark at the start of a UTF-8 file, which are not text. */
export function utf8TextOffset(encoding: TextEncodingName): number {
  return encoding === 'utf-8-bom' ? 3 : 0;
}

export function encodingLabel(encoding: TextEncodingName): string {
  switch (encoding) {
    case 'utf-8':
      return 'UTF-8';
    case 'utf-8-bom':
      return 'UTF-8 with byte order mark';
    case 'utf-16le':
      return 'UTF-16 little-endian';
    case 'utf-16be':
      return 'UTF-16 big-endian';
    case 'windows-1252':
      return 'Windows-1252 (Western European)';
  }
}

/** Checks, chunk by chunk, that a stream of bytes is valid UTF-8 (sequences may straddle chunks). */
export class Utf8Validator {
  private pending: Uint8Array | null = null;
  private ok = true;

  push(chunk: Uint8Array): void {
    if (!this.ok || chunk.length === 0) return;
    let data = chunk;
    if (this.pending !== null) {
      // Complete the sequence left open by the previous chunk, then go on with the rest of this one.
      const need = sequenceLength(this.pending[0]) - this.pending.length;
      const joined = new Uint8Array(this.pending.length + Math.min(need, chunk.length));
      joined.set(this.pending, 0);
      joined.set(chunk.subarray(0, need), this.pending.length);
      this.pending = null;
      if (joined.length < sequenceLength(joined[0])) {
        this.pending = joined;
        return;
      }
      if (!isUtf8(joined)) {
        this.ok = false;
        return;
      }
      data = chunk.subarray(need);
    }
    const cut = completeLength(data);
    if (!isUtf8(data.subarray(0, cut))) {
      this.ok = false;
      return;
    }
    if (cut < data.length) this.pending = data.slice(cut);
  }

  /** Whether every byte pushed was valid UTF-8, with no sequence left open at the end. */
  end(): boolean {
    if (this.pending !== null) this.ok = false;
    this.pending = null;
    return this.ok;
  }
}

/** Length of the sequence a lead byte starts (1 for bytes that cannot lead: isUtf8 refuses those anyway). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  return 1;
}

/** Bytes of `data` up to the start of a multi-byte sequence that the chunk cuts short. */
function completeLength(data: Uint8Array): number {
  const n = data.length;
  let i = n - 1;
  let back = 0;
  while (i >= 0 && back < 3 && (data[i] & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return n;
  const need = sequenceLength(data[i]);
  return need > 1 && n - i < need ? i : n;
}

/** Turns a file in another encoding into UTF-8 text bytes, chunk by chunk (the byte order mark is dropped). */
export class Utf8Transcoder {
  private readonly decoder: InstanceType<typeof TextDecoder>;
  private readonly encoder = new TextEncoder();

  constructor(encoding: 'utf-16le' | 'utf-16be' | 'windows-1252') {
    this.decoder = new TextDecoder(encoding);
  }

  push(chunk: Uint8Array): Uint8Array {
    return this.encoder.encode(this.decoder.decode(chunk, { stream: true }));
  }

  end(): Uint8Array {
    return this.encoder.encode(this.decoder.decode());
  }
}
