/**
 * The binary form of an entries index kept beside the file: a small JSON header and typed arrays, little-endian,
 * each 8-byte aligned, so that loading one is a single read and views over it (no parsing per row).
 *
 *   "FDINDEX1" | u32 header length | header JSON (UTF-8) | zero padding to 8 | array 1 | padding | array 2 ...
 *
 * The header lists the arrays in order: { name, type: "f64" | "u32", length }.
 */
const MAGIC = 'FDINDEX1';

export type IndexArray = Float64Array | Uint32Array;

interface ArrayEntry {
  name: string;
  type: 'f64' | 'u32';
  length: number;
}

export class IndexFileError extends Error {}

const pad8 = (n: number) => (8 - (n % 8)) % 8;

if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('Entries indexes are written little-endian: this machine is big-endian.');

/** The bytes of the index, as parts to write one after the other (the arrays are not copied). */
export function encodeIndexFile(meta: Record<string, unknown>, arrays: Record<string, IndexArray>): Uint8Array[] {
  const entries: ArrayEntry[] = Object.entries(arrays).map(([name, array]) => ({
    name,
    type: array instanceof Float64Array ? 'f64' : 'u32',
    length: array.length,
  }));
  const header = new TextEncoder().encode(JSON.stringify({ ...meta, arrays: entries }));
  const prefix = new Uint8Array(8 + 4 + header.length + pad8(12 + header.length));
  prefix.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(prefix.buffer).setUint32(8, header.length, true);
  prefix.set(header, 12);
  const parts: Uint8Array[] = [prefix];
  for (const array of Object.values(arrays)) {
    parts.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    const padding = pad8(array.byteLength);
    if (padding) parts.push(new Uint8Array(padding));
  }
  return parts;
}

/** Reads an index; the arrays are views over `bytes`, which must start 8-byte aligned in its buffer. */
export function decodeIndexFile<M>(bytes: Uint8Array): { meta: M; arrays: Record<string, IndexArray> } {
  if (bytes.byteOffset % 8 !== 0) throw new IndexFileError('Index bytes must be 8-byte aligned.');
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) throw new IndexFileError('Not an entries index.');
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (12 + headerLength > bytes.length) throw new IndexFileError('Truncated entries index.');
  const { arrays: entries, ...meta } = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as { arrays: ArrayEntry[] };
  let at = 12 + headerLength;
  at += pad8(at);
  const arrays: Record<string, IndexArray> = {};
  for (const entry of entries) {
    const size = entry.length * (entry.type === 'f64' ? 8 : 4);
    if (at + size > bytes.length) throw new IndexFileError('Truncated entries index.');
    arrays[entry.name] = entry.type === 'f64' ? new Float64Array(bytes.buffer, bytes.byteOffset + at, entry.length) : new Uint32Array(bytes.buffer, bytes.byteOffset + at, entry.length);
    at += size + pad8(size);
  }
  return { meta: meta as M, arrays };
}
