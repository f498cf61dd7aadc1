/** Limits on the shape of an entries file (docs/verification.md): beyond them the file is refused, not guessed at. */
export const ENTRIES_LIMITS = {
  /** Longest row, in bytes of UTF-8 text without its line break. A longer one is almost always an unclosed quote. */
  maxRecordBytes: 1024 * 1024,
  /** Most columns in one row. */
  maxFields: 1000,
} as const;

/** Most tickets one row may hold (the ticket count column). */
export const MAX_TICKETS_PER_ROW = 1_000_000_000;

/** Most tickets in all: the draw engine picks uniformly among at most 2^53 tickets. */
export const MAX_TOTAL_TICKETS = Number.MAX_SAFE_INTEGER;
