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
  /** The number of entries (simple draws) or entry rows (uploads). */
  entryCount: number;
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
  /** SHA-256 of the seed, published before the draw. */
  seedHash: string;
  /** The seed itself, published once the draw is done. */
  seed: Buffer | null;
  entriesSha256: string | null;
  engineVersion: string | null;
  drawnAt: Date | null;
  errorMessage: string | null;
  createdAt: Date;
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

/** The display id of part 2 §3: characters 24 to 36 of the id, upper case (the UUID's last 12 hex digits). */
export function displayIdOf(id: string): string {
  return id.slice(24, 36).toUpperCase();
}
