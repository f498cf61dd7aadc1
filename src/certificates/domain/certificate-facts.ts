import type { SeedScheme } from '#rng';
import type { DrawLogProofs } from '../../draw-log/domain/draw-log.js';
import type { PublishedBeacon } from '../../draws/domain/draw.js';
import type { Branding, CertificateScrutineer } from '#rules';

/** The delimiter's name as a certificate states it. */
export const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', '\t': 'tab', ';': 'semicolon', '|': 'pipe' };

interface CertificatePrize {
  description: string;
  quantity: number;
  reserves: number;
  winnersAwarded: number;
  /** 1-based entry numbers in pick order (the first 1,000 at most, and 10,000 at most over all the prizes, shared evenly). */
  winners: number[];
  reserveWinners: number[];
}

/**
 * Everything a certificate states: what the public certificate page shows, what the PDF prints, and what
 * `npm run verify -- --draw-json` reads. Never an entrant's data: winners are entry numbers only.
 */
export interface CertificateFacts {
  drawId: string;
  displayId: string;
  shortCode: string;
  name: string;
  organisation: string;
  state: 'scheduled' | 'drawn' | 'cancelled' | 'error';
  demo: boolean;
  /** Drawn free with a test API key (the draw's source 'test'): like a demo, not a certified draw. */
  test: boolean;
  /** When it was drawn, else when it is due (ISO). */
  relevantDate: string;
  scheduleDate: string;
  drawnAt: string | null;
  timeZone: string;
  entryMethod: 'simple' | 'upload' | 'uploadAdvanced';
  /** Entry rows of the file (uploads) or the number of entries (simple draws): the engine's entryCount. */
  entryCount: number;
  /** Tickets in all (the ticket count column's total; entryCount without one). */
  ticketCount: number;
  /** Entrants holding a ticket. */
  entrantCount: number;
  headerRow: boolean;
  /** 0-based columns, as the API numbers them (docs/verification.md §5). */
  entryCountColumn: number | null;
  uniqueEntrantIdColumn: number | null;
  oneWinPerEntrant: boolean;
  delimiter: string | null;
  prizes: CertificatePrize[];
  scrutineer: CertificateScrutineer | null;
  entriesSha256: string | null;
  /** How the engine's seed is made: `beacon/1`, or `seed/1` for draws made before the beacon. */
  seedScheme: SeedScheme;
  /** The commitment published before the draw: SHA-256 of the server seed (`seed/1`: of the seed). */
  seedHash: string;
  /** `beacon/1`: the server seed as hex, revealed once drawn. */
  serverSeed: string | null;
  /** The engine's seed as hex, revealed once drawn (`beacon/1`: serverSeed ‖ randomness, 64 bytes; `seed/1`: 32 bytes). */
  seed: string | null;
  /** `beacon/1`: the chain, the round fixed with the draw's time and its time; randomness and signature once drawn. */
  beacon: PublishedBeacon | null;
  engineVersion: string | null;
  /** The draw's entries in the public draw log, each with its inclusion proof against a signed head (issue 29). */
  log: DrawLogProofs | null;
  /** The public certificate page. */
  url: string;
}

export interface CertificateDocument {
  facts: CertificateFacts;
  branding: Branding;
  /** With the winners' entry numbers (certificatewinners) or without (certificate). */
  withWinners: boolean;
  /** Reads a saved branding image; null when it is gone. */
  image(slot: 'Top' | 'Left' | 'Banner' | 'Right'): Promise<Buffer | null>;
}

/** The line that says a certificate certifies nothing (a demo, or a draw made with a test API key); null otherwise. */
export function uncertifiedLabel(facts: Pick<CertificateFacts, 'demo' | 'test'>): string | null {
  if (facts.demo) return 'Demo draw: not a certified draw.';
  if (facts.test) return 'Test draw (made with a test API key): not a certified draw.';
  return null;
}

/** The certificate's first sentence: a certification only for a draw that is certified, never above the line that says it is not. */
export function certificateOpening(facts: Pick<CertificateFacts, 'demo' | 'test'>): string {
  if (uncertifiedLabel(facts)) return "The draw below was drawn by FairDraw's draw engine. FairDraw does not certify it.";
  return "FairDraw certifies that the draw below was drawn independently and at random by FairDraw's draw engine.";
}
