import { utf8ToBytes } from '@noble/hashes/utils.js';

export const DRAW_LOG_ENTRY_VERSION = 1;

/**
 * One entry of the draw log: a draw's state change, with ids and digests only (no names, no entrant data).
 * `at` is when the change was made (ISO 8601 UTC with milliseconds).
 */
export type DrawLogEntry =
  | {
      kind: 'committed';
      drawId: string;
      at: string;
      shortCode: string;
      seedHash: string;
      /** SHA-256 of the uploaded entries file; null for a draw of numbered entries. */
      entriesFileSha256: string | null;
      /** SHA-256 of the canonical JSON of the prizes and the draw's options (see the server's termsDigest). */
      termsSha256: string;
      drawTime: string;
      beaconChain: string | null;
      beaconRound: number | null;
    }
  | { kind: 'rescheduled'; drawId: string; at: string; drawTime: string; beaconRound: number | null }
  | { kind: 'cancelled'; drawId: string; at: string }
  | {
      kind: 'drawn';
      drawId: string;
      at: string;
      /** SHA-256 of the winners and reserves in pick order (see the server's resultsDigest). */
      resultsSha256: string;
      beaconRound: number | null;
    }
  | { kind: 'published'; drawId: string; at: string }
  | { kind: 'unpublished'; drawId: string; at: string };

const FIELDS: Record<DrawLogEntry['kind'], string[]> = {
  committed: ['kind', 'drawId', 'at', 'shortCode', 'seedHash', 'entriesFileSha256', 'termsSha256', 'drawTime', 'beaconChain', 'beaconRound'],
  rescheduled: ['kind', 'drawId', 'at', 'drawTime', 'beaconRound'],
  cancelled: ['kind', 'drawId', 'at'],
  drawn: ['kind', 'drawId', 'at', 'resultsSha256', 'beaconRound'],
  published: ['kind', 'drawId', 'at'],
  unpublished: ['kind', 'drawId', 'at'],
};

/**
 * The entry's bytes (what the leaf hash covers): JSON with `v` first and then the kind's fields in the order above,
 * no spaces, UTF-8. The log serves each entry as this exact text.
 */
export function encodeEntry(entry: DrawLogEntry): string {
  const record = entry as unknown as Record<string, unknown>;
  const ordered: Record<string, unknown> = { v: DRAW_LOG_ENTRY_VERSION };
  for (const field of FIELDS[entry.kind]) ordered[field] = record[field] ?? null;
  return JSON.stringify(ordered);
}

export function entryBytes(text: string): Uint8Array {
  return utf8ToBytes(text);
}

/** The entry a text holds, or null when it is not one this version writes (re-encoding must give the same text). */
export function decodeEntry(text: string): DrawLogEntry | null {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (parsed.v !== DRAW_LOG_ENTRY_VERSION || typeof parsed.kind !== 'string' || !(parsed.kind in FIELDS)) return null;
    const entry = parsed as unknown as DrawLogEntry;
    return encodeEntry(entry) === text ? entry : null;
  } catch {
    return null;
  }
}

/** What a certificate states that its log entries must agree with. */
export interface CertifiedDraw {
  drawId: string;
  seedHash: string;
  beaconRound: number | null;
  resultsSha256: string;
}

/**
 * The draw's own history, every entry the log holds for it in log order: committed once, first; moved only before
 * its time came (a reschedule made at or after the time then fixed could pick a round already known); drawn once,
 * with the round last fixed and the certificate's results; after that only publication. Answers the problems found.
 */
export function checkDrawHistory(draw: CertifiedDraw, entries: DrawLogEntry[]): string[] {
  const problems: string[] = [];
  const own = entries.filter((e) => e.drawId === draw.drawId);
  if (own.length !== entries.length) problems.push('The log entries given include another draw’s');
  const first = own[0];
  if (!first || first.kind !== 'committed') return [...problems, 'The draw’s first log entry is not its commitment'];
  if (first.seedHash !== draw.seedHash) problems.push('The committed seed hash is not the certificate’s');
  // The commitment is the seed's first public trace: made after the draw's time, it could follow the round that decides
  // the winners (a draw made to run now is committed at its time, its round the first after it).
  if (Date.parse(first.at) > Date.parse(first.drawTime)) problems.push('The draw was committed after its time had come');
  let drawTime = first.drawTime;
  let round = first.beaconRound;
  let drawn = false;
  for (const entry of own.slice(1)) {
    if (drawn) {
      if (entry.kind !== 'published' && entry.kind !== 'unpublished') problems.push(`The log holds a later “${entry.kind}” entry for the drawn draw`);
      continue;
    }
    switch (entry.kind) {
      case 'committed':
        problems.push('The draw was committed twice');
        break;
      case 'rescheduled':
        if (Date.parse(entry.at) >= Date.parse(drawTime)) problems.push('The draw was moved after its time had come');
        drawTime = entry.drawTime;
        round = entry.beaconRound;
        break;
      case 'cancelled':
        problems.push('The draw was cancelled');
        break;
      case 'drawn':
        drawn = true;
        if (entry.beaconRound !== round) problems.push('The draw ran with a round other than the one fixed');
        if (entry.resultsSha256 !== draw.resultsSha256) problems.push('The logged results are not the re-run’s');
        if (round !== draw.beaconRound) problems.push('The certificate’s round is not the one fixed in the log');
        break;
      case 'published':
      case 'unpublished':
        break;
    }
  }
  if (!drawn) problems.push('The log holds no result for the draw');
  return problems;
}

/** How a certificate names its draw's log positions (the page and the PDF say the same). */
export function describeLogPositions(log: { head: { treeSize: number }; entries: { index: number; entry: string }[] }): string {
  const positions = log.entries.map((e) => `#${e.index} ${decodeEntry(e.entry)?.kind ?? 'unreadable'}`);
  return `${positions.join(', ')} (of ${log.head.treeSize} entries in the signed head)`;
}
