import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * The two things the reader needs that Node does natively and a browser does not: a UTF-8 check and an incremental
 * SHA-256. Node's own (simdutf, OpenSSL) are some 40 and 5 times faster, which counts on files of millions of rows;
 * a browser gets the portable ones. Node's are reached through process.getBuiltinModule (Node 20.16+), not an
 * import, so the module loads unchanged in a browser bundle.
 */
interface NodeBuiltins {
  getBuiltinModule?: (id: string) => unknown;
}
const nodeProcess = (globalThis as { process?: NodeBuiltins }).process;
const nodeBuffer = nodeProcess?.getBuiltinModule?.('node:buffer') as { isUtf8?: (bytes: Uint8Array) => boolean } | undefined;
const nodeCrypto = nodeProcess?.getBuiltinModule?.('node:crypto') as { createHash?: (algorithm: 'sha256') => { update(bytes: Uint8Array): unknown; digest(encoding: 'hex'): string } } | undefined;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the bytes are valid UTF-8 (a sequence cut at the end is not). */
export const isUtf8: (bytes: Uint8Array) => boolean =
  nodeBuffer?.isUtf8 ??
  ((bytes) => {
    try {
      strictUtf8.decode(bytes);
      return true;
    } catch {
      return false;
    }
  });

export interface Sha256 {
  update(bytes: Uint8Array): void;
  /** Lower-case hexadecimal. */
  hex(): string;
}

export function createSha256(): Sha256 {
  const native = nodeCrypto?.createHash?.('sha256');
  if (native) return { update: (bytes) => void native.update(bytes), hex: () => native.digest('hex') };
  const portable = sha256.create();
  return { update: (bytes) => void portable.update(bytes), hex: () => bytesToHex(portable.digest()) };
}
