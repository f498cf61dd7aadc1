import type { TreeHead } from '#transparency-log';

/** A tree head with the service's Ed25519 signature over its statement (libs/transparency-log), hex. */
export interface SignedTreeHead extends TreeHead {
  signature: string;
}

/** An entry as the log serves it: its position and its exact text (the leaf hash covers the text's UTF-8 bytes). */
export interface LoggedEntry {
  index: number;
  entry: string;
}

/** A draw's entries (all of them, in log order) with their inclusion proofs against one signed head: what a certificate carries. */
export interface DrawLogProofs {
  head: SignedTreeHead;
  publicKey: string;
  entries: (LoggedEntry & { auditPath: string[] })[];
}

/** Entries served by one range request. */
export const MAX_ENTRIES_PER_REQUEST = 1000;

/** A new head is signed at least this often while entries arrive (the issue asks for every minute at most). */
export const HEAD_EVERY_MS = 30_000;

/** On demand (a certificate or a reader wants the latest entries covered), at most one new head this often. */
export const HEAD_AT_MOST_EVERY_MS = 1_000;

export class LogRangeError extends Error {}
