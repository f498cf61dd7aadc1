import type { Winner } from '../../domain/draw.js';

/** A drawn draw's winners and reserves, in pick order (written with the draw's result, see LockedDraw.complete). */
export interface WinnerStore {
  /** The winners and reserves in pick order; with `perPrize`, only the first that many of each prize's winners and reserves. */
  winnersOf(id: string, perPrize?: number): Promise<Winner[]>;
  /** All the winners in winnersOf's order, a batch at a time: a million of them never sit in memory at once. */
  winnerBatches(id: string, batchSize: number): AsyncGenerator<Winner[]>;
}
