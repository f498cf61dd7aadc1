export type DrawInputErrorCode =
  | 'INVALID_INPUT'
  | 'INVALID_ENTRY_COUNT'
  | 'INVALID_PRIZES'
  | 'LENGTH_MISMATCH'
  | 'INVALID_TICKET_COUNT'
  | 'INVALID_ENTRANT_ID'
  | 'TOO_MANY_TICKETS'
  | 'NOT_ENOUGH_ENTRANTS'
  | 'NOT_ENOUGH_TICKETS'
  | 'NOT_ENOUGH_ENTRIES';

/**
 * The input cannot be drawn as it stands; thrown before the random source is touched, so a caller
 * can fix the input and draw again with the same source (and, for a seeded draw, the same seed).
 */
export class DrawInputError extends Error {
  override readonly name = 'DrawInputError';

  constructor(
    readonly code: DrawInputErrorCode,
    message: string,
    /** The 0-based row the problem was found in, for row-level problems. */
    readonly row?: number,
  ) {
    super(message);
  }
}
