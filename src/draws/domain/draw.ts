import { type BeaconChain, roundTime, type SeedScheme } from '#rng';

/** Part 2 §4: the states of a draw. A draft is an incomplete draw saved from the wizard. */
export type DrawState = 'draft' | 'scheduled' | 'drawn' | 'cancelled' | 'error';
export type EntryMethod = 'simple' | 'upload' | 'uploadAdvanced';
/** Where the draw was made (DESIGN.md "Draw source"): the web client, the API with a live key, or with a test key. */
export type DrawSource = 'web' | 'api' | 'test';

export interface PrizeSpec {
  description: string;
  quantity: number;
  reserves: number;
}

export interface DrawEntries {
  method: EntryMethod;
  /** The number of entries (simple draws) or entry rows (uploads): the rows the engine draws from. */
  entryCount: number;
  /**
   * The entries the rows hold (a ticket-count column gives a row several): what the API calls `entryCount` and the
   * certificate tickets (issue 27). Equal to the rows without a ticket-count column.
   */
  ticketCount: number;
  /** The distinct entrants (a unique-id column joins rows); equal to the rows without one. */
  entrantCount: number;
  /** Upload draws: the server file name and the choices the draw runs on. */
  fileName: string | null;
  headerRow: boolean;
  entryCountColumn: number | null;
  uniqueEntrantIdColumn: number | null;
  oneWinPerEntrant: boolean;
}

export interface Draw {
  id: string;
  shortCode: string;
  name: string;
  organisation: string;
  state: DrawState;
  source: DrawSource;
  demo: boolean;
  ownerUserId: string | null;
  clientSession: string | null;
  entries: DrawEntries;
  prizes: PrizeSpec[];
  scheduleDate: Date;
  scheduleTimeZone: string;
  /** How the engine's seed is made (libs/rng README): `beacon/1`, or `seed/1` for draws made before the beacon. */
  seedScheme: SeedScheme;
  /** The commitment published before the draw: SHA-256 of the server seed (`seed/1`: of the seed). */
  seedHash: string;
  /** `beacon/1`: the 32-byte server seed, revealed once the draw is done. */
  serverSeed: Buffer | null;
  /** The engine's seed, revealed once the draw is done (`beacon/1`: serverSeed ‖ beacon randomness, 64 bytes). */
  seed: Buffer | null;
  /** `beacon/1`: the beacon round fixed with the draw's time; its randomness and signature once drawn. */
  beacon: DrawBeacon | null;
  /** Tries at the beacon round that failed (unreachable or unverifiable); a scheduled draw with any waits and retries. */
  failedBeaconTries: number;
  entriesSha256: string | null;
  engineVersion: string | null;
  drawnAt: Date | null;
  errorMessage: string | null;
  createdAt: Date;
}

export interface DrawBeacon extends BeaconChain {
  /** False for the service's own beacon (not independent of FairDraw). */
  independent: boolean;
  round: number;
  randomness: string | null;
  signature: string | null;
}

/** What the owner is told while a draw waits for its round. */
export const WAITING_FOR_BEACON = 'Waiting for the public random beacon';

/** A draw's beacon as every answer publishes it: the chain, the round and its time; randomness and signature once drawn. */
export type PublishedBeacon = DrawBeacon & { roundTime: string };

export function publishedBeacon(beacon: DrawBeacon | null): PublishedBeacon | null {
  if (!beacon) return null;
  const { chainHash, publicKey, genesisTime, period, scheme, round, independent, randomness, signature } = beacon;
  return { chainHash, publicKey, genesisTime, period, scheme, round, roundTime: new Date(roundTime(beacon, round) * 1000).toISOString(), independent, randomness, signature };
}

export interface Winner {
  prizeIndex: number;
  kind: 'winner' | 'reserve';
  /** Order of the pick within its prize and kind, from 0. */
  position: number;
  /** 0-based entry row (simple draws: entry number − 1). */
  row: number;
  /** The row's fields, for uploads. */
  columns: string[] | null;
}

/**
 * A view's winners and reserves by prize index, each prize's in the view's order. One pass: a filter per prize read
 * every winner again, for each of up to 1,000 prizes (review of scale, stop 41).
 */
export function winnersByPrize(winners: readonly Winner[]): Map<number, Winner[]> {
  const byPrize = new Map<number, Winner[]>();
  for (const winner of winners) {
    const list = byPrize.get(winner.prizeIndex);
    if (list) list.push(winner);
    else byPrize.set(winner.prizeIndex, [winner]);
  }
  return byPrize;
}

/** The display id of part 2 §3: characters 24 to 36 of the id, upper case (the UUID's last 12 hex digits). */
export function displayIdOf(id: string): string {
  return id.slice(24, 36).toUpperCase();
}
