import type { RngFile } from '../../domain/rng-file.js';

/** The stored requests behind the generators' downloads. */
export interface RngFileRepository {
  save(file: RngFile): Promise<void>;
  /** The file if it exists and has not expired at `now`. */
  findUnexpired(id: string, now: Date): Promise<RngFile | null>;
  /** Ids of files expired at `now`, at most `limit` of them. */
  findExpiredIds(now: Date, limit: number): Promise<string[]>;
  /** Removes these files' requests. */
  deleteByIds(ids: string[]): Promise<void>;
}
