import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** What a signed tree head states: the log's size, its root and when the service said so. */
export interface TreeHead {
  treeSize: number;
  /** MTH of the first treeSize entries, lower-case hex. */
  rootHash: string;
  /** ISO 8601 UTC with milliseconds, as Date#toISOString writes it. */
  timestamp: string;
}

export const TREE_HEAD_VERSION = 'fairdraw-draw-log-tree-head/1';

/**
 * The exact bytes the service signs with Ed25519 (RFC 8032, pure): four lines, each ending in "\n" —
 * the version, the size in decimal, the root in lower-case hex, the timestamp. Nothing else is signed.
 */
export function treeHeadStatement(head: TreeHead): Uint8Array {
  return utf8ToBytes(`${TREE_HEAD_VERSION}\n${head.treeSize}\n${head.rootHash}\n${head.timestamp}\n`);
}

/** Is `signature` (hex) the key's (raw 32-byte Ed25519 public key, hex) over the head's statement? */
export function verifyTreeHead(head: TreeHead, signature: string, publicKey: string): boolean {
  try {
    return ed25519.verify(hexToBytes(signature), treeHeadStatement(head), hexToBytes(publicKey));
  } catch {
    return false;
  }
}
