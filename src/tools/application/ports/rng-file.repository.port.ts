import type { RngFile } from '../../domain/rng-file.js';

/** The stored requests behind the generators' downloads. */
export interface RngFileRepository {
  save(file: RngFile): Promise<void>;
  /** The file if it exists and has not expired at `now`. */
  findUnexpired(id: string, now: Date): Promise<RngFile | null>;
  /** Removes expired files; answers how many. */
  deleteExpired(now: Date): Promise<number>;
}
