import type { SeedScheme } from '#rng';
import type { BeaconDescriptor, VerifiedRound } from '../../../platform/beacon/beacon.port.js';
import type { NamedScrutineer } from '../../domain/draw-actions.js';
import type { Draw, DrawEntries, DrawSource, DrawState, PrizeSpec, Winner } from '../../domain/draw.js';

/** The owner already has a draw made by this submission. */
/**
 * A draw's public version (issue 26): kept by the database's triggers (migration AddDrawPublicVersion), it changes
 * with anything the draw's public pages show, so every process may key its cache of those pages by it.
 */
export interface DrawPublicVersion {
  id: string;
  shortCode: string;
  version: string;
  state: Draw['state'];
  scheduleDate: Date;
}

/**
 * How many of each prize's winners, and as many of its reserves, a view holds: `perPrize`, but no more than `inAll`
 * shared out evenly between the prizes (integer division), so that a draw of many prizes is not read whole.
 */
export interface WinnersShown {
  perPrize: number;
  inAll: number;
}

export class DuplicateSubmissionError extends Error {
  constructor() {
    super('A draw of this submission exists already');
  }
}

export interface NewDraw {
  shortCode: string;
  name: string;
  organisation: string;
  state: Extract<DrawState, 'scheduled' | 'draft'>;
  source: DrawSource;
  demo: boolean;
  ownerUserId: string | null;
  clientSession: string | null;
  entries: DrawEntries;
  prizes: PrizeSpec[];
  scheduleDate: Date;
  scheduleTimeZone: string;
  /** The secret committed to: `beacon/1`'s server seed (`seed/1`'s seed), 32 bytes. */
  seed: Buffer;
  seedHash: string;
  seedScheme: SeedScheme;
  /** The chain and round fixed with the draw's time (`beacon/1`). */
  beacon: BeaconDescriptor | null;
  beaconRound: number | null;
  paymentOption: number;
  paymentId: string | null;
  creditId: string | null;
  /** What identifies the submission (owners only, see SubmitDrawService): one draw per owner and submission. */
  submissionKey: string | null;
}

/**
 * The winners and reserves of a draw to store, in pick order (each prize's winners, then its reserves): one column
 * array per field, since a million Winner objects with their rows as string arrays cost seconds to build and write.
 */
export interface DrawnWinners {
  count: number;
  prizeIndex: Uint32Array;
  kind: ('winner' | 'reserve')[];
  position: Uint32Array;
  row: Float64Array;
  /**
   * For uploads, each one's row fields (Winner.columns) as a UTF-8 JSON array of strings, one after the other: the
   * JSON of winner i is `bytes.subarray(offsets[i], offsets[i + 1])`. Null for simple draws (no columns).
   */
  columnsJson: { bytes: Uint8Array; offsets: Float64Array } | null;
}

/** What execution hands back to be stored with the state change, in the same transaction. */
export interface DrawResult {
  winners: DrawnWinners;
  entriesSha256: string | null;
  engineVersion: string;
  durationMs: number;
  /** `beacon/1`: the round the seed was mixed with. */
  beacon: VerifiedRound | null;
}

/** A draw locked for execution: the lock is held until `work` returns. */
export interface LockedDraw {
  draw: Draw;
  /** The secret committed to at creation (for the engine only): `beacon/1`'s server seed, `seed/1`'s seed. */
  committedSeed: Buffer;
  complete(result: DrawResult, at: Date, actor: string): Promise<void>;
  fail(reason: string, at: Date, actor: string): Promise<void>;
}

type DrawSortField = 'RelevantDate' | 'Name' | 'Organisation' | 'State' | 'Created';

export interface DrawListQuery {
  ownerUserId: string;
  sources: DrawSource[];
  states: DrawState[];
  sortField: DrawSortField;
  descending: boolean;
  page: number;
  count: number;
}

/** The draws themselves: made, found, listed, changed while scheduled, locked for execution. Drafts, scrutineers and winners have ports of their own. */
export interface DrawRepository {
  /** One page of an owner's draws (narrow on purpose: the list page's filters, nothing else). */
  listForOwner(query: DrawListQuery): Promise<{ draws: Draw[]; total: number }>;
  /** A change of a scheduled draw, only while it is still scheduled; false when it no longer was. These changes join a surrounding transaction. */
  cancel(id: string, actor: string, at: Date): Promise<boolean>;
  /** `beaconRound`: the round fixed with the new time (`beacon/1` draws), null to keep none. */
  reschedule(id: string, scheduleDate: Date, scheduleTimeZone: string, beaconRound: number | null, actor: string, at: Date): Promise<boolean>;
  /** Draw now: the draw's time becomes `at`, with the round fixed for it; false when it was no longer scheduled. */
  moveToNow(id: string, at: Date, beaconRound: number | null, actor: string): Promise<boolean>;
  /** The round could not be had: the draw stays scheduled, one more failed try, tried again from `retryAt`. */
  waitForBeacon(id: string, reason: string, retryAt: Date): Promise<void>;
  findByDisplayId(displayId: string): Promise<{ id: string } | null>;
  /**
   * Creates the draw and its first audit entry; answers null when the short code is taken (try another), and throws
   * DuplicateSubmissionError when the owner has a draw of this submission already. `withinCreate` runs in the same
   * transaction, with the new id (what else must be written with the draw, or not at all).
   */
  create(draw: NewDraw, actor: string, withinCreate?: (id: string) => Promise<void>): Promise<Draw | null>;
  /** The owner's draw made by this submission (its `submissionKey`). */
  findBySubmissionKey(ownerUserId: string, submissionKey: string): Promise<Draw | null>;
  findById(id: string): Promise<Draw | null>;
  /**
   * The draw with its prizes, the first winners and reserves of each prize (when drawn) and its scrutineer, in one
   * round trip: the detail page's hot path.
   */
  findView(id: string, shown: WinnersShown): Promise<{ draw: Draw; winners: Winner[]; scrutineer: NamedScrutineer | null } | null>;
  /** A draw by its short code (the public certificate page's address); drafts are never found. */
  findByShortCode(shortCode: string): Promise<Draw | null>;
  /** The public version of a draw that is not a draft (null otherwise): changes with anything its public pages show. */
  publicVersion(ref: { id: string } | { shortCode: string }): Promise<DrawPublicVersion | null>;
  /**
   * Runs `work` with the draw row locked (FOR UPDATE) in one transaction, so however many processes try, one
   * executes the draw and the others then see its new state.
   */
  withLockedDraw<T>(id: string, work: (locked: LockedDraw) => Promise<T>): Promise<T | null>;
  /** Scheduled draws whose time has come (and whose beacon retry, if any, is due). */
  dueDrawIds(before: Date): Promise<string[]>;
  /** Gives a visitor's draw to the account just made for it; false when it has an owner already. */
  linkOwner(id: string, userId: string, actor: string, at: Date): Promise<boolean>;
  /** The states of these draws (a draw that does not exist is left out). */
  statesOf(ids: string[]): Promise<Map<string, DrawState>>;
  /** Which of these upload file names a draw runs on, or a saved draft's wizard state names. */
  uploadsInUse(fileNames: string[]): Promise<Set<string>>;
}
