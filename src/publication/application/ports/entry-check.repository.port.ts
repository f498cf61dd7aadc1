import type { EntryCheck, EntryCheckState } from '../../domain/entry-check-rules.js';

export interface EntryCheckRepository {
  find(drawId: string): Promise<EntryCheck | null>;
  findByShortCode(shortCode: string): Promise<EntryCheck | null>;
  /**
   * A new configuration: a new check id (the previous one's digests are removed), processing from the start. The
   * processing job ({ checkId } on `queue`) is queued in the same transaction, so it exists exactly when the
   * configuration does (and is not taken before the configuration is visible).
   */
  configure(
    check: { drawId: string; shortCode: string; columnIdx: number; columnName: string; showEntriesCount: boolean; salt: Buffer; totalRows: number; countryCode: string | null },
    at: Date,
    queue: string,
  ): Promise<EntryCheck>;
  /** Only the name and the entries count option changed: no new processing. */
  rename(drawId: string, columnName: string, showEntriesCount: boolean, at: Date): Promise<void>;
  /** Disables the check and removes its digests. */
  cancel(drawId: string, at: Date): Promise<boolean>;
  /** The configuration being processed, or null when it was replaced or cancelled since. */
  current(checkId: number): Promise<EntryCheck | null>;
  progress(checkId: number, processedRows: number): Promise<void>;
  /** Ends processing of the check if it is still the current one. */
  finish(checkId: number, state: Exclude<EntryCheckState, 'processing'>, errorMessage: string | null, at: Date): Promise<void>;
  /** Stores sorted, distinct digests (16 bytes each, concatenated) and their entries. */
  storeDigests(checkId: number, digests: Buffer, entries: Float64Array): Promise<void>;
  deleteDigests(checkId: number): Promise<void>;
  /** The entries of a digest, or null when no entry row has that value. */
  lookup(checkId: number, digest: Buffer): Promise<number | null>;
}
