export interface PrizeSpec {
  quantity: number;
  reserves: number;
}

export interface DrawInput {
  /** Rows of the entries file, or N for a simple draw. */
  entryCount: number;
  /** Chances per row (ticket count column); absent = 1 each; 0 = not in the draw. */
  tickets?: ArrayLike<number>;
  /** Entrant id per row (unique entrant id column); absent = each row is its own entrant. */
  entrantOf?: ArrayLike<number>;
  /** In the order the owner listed them (major prize first). */
  prizes: PrizeSpec[];
  oneWinPerEntrant: boolean;
}

/** 0-based row indices, prizes in the input's order. */
export interface DrawOutcome {
  prizes: { winners: number[]; reserves: number[] }[];
}
