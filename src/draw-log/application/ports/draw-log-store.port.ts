import type { NewNode, NodeRef } from '#transparency-log';
import type { LoggedEntry, SignedTreeHead } from '../../domain/draw-log.js';

/** The log's storage. Every write joins the caller's transaction (the draw state change it records). */
export interface DrawLogStore {
  /** Locks the tip (serialising appends until the transaction ends) and answers the size and frontier. */
  lockTip(): Promise<{ size: number; frontier: Uint8Array[] }>;
  /** Writes the entry at `index` (the locked size), the nodes it completed, and the new tip. */
  write(index: number, drawId: string, kind: string, entry: string, nodes: NewNode[], frontier: Uint8Array[]): Promise<void>;
  size(): Promise<number>;
  /** The frontier of the current tip, without locking (for signing a head at that size). */
  tip(): Promise<{ size: number; frontier: Uint8Array[] }>;
  /** The stored complete subtrees asked for, in one read. */
  nodes(refs: NodeRef[]): Promise<Uint8Array[]>;
  entries(start: number, end: number): Promise<LoggedEntry[]>;
  /** Every entry of a draw below `size`, in log order. */
  entriesOfDraw(drawId: string, size: number): Promise<LoggedEntry[]>;
  latestHead(): Promise<SignedTreeHead | null>;
  /** Stores a head; another process may have signed the same size at the same time, then the first one stays. */
  saveHead(head: SignedTreeHead): Promise<void>;
}

export interface DrawLogSigner {
  /** The raw 32-byte Ed25519 public key, hex. */
  publicKey(): Promise<string>;
  /** Ed25519 signature of the statement, hex. */
  sign(statement: Uint8Array): Promise<string>;
}
