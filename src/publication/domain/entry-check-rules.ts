/** Entry check (part 2 §3, §4, §5): the spec's messages, the limits decided, and how values are compared. */
export const ENTRY_CHECK_MESSAGES = {
  noColumn: 'Select a column to check against.',
  noName: 'Ensure the selected column has a name.',
  processed: 'File processed successfully.',
  unexpected: 'An unexpected error has occurred.',
  // Decided where the spec is silent.
  locked: 'This column cannot be used for the entry check.',
  nameTooLong: 'The column name can have at most 30 characters.',
  needsFile: 'The entry check needs a draw made from an uploaded entries file.',
  notAvailable: 'The entry check is not available for this draw.',
  notCheckable: 'The entry check is not available for a cancelled or failed draw.',
  cancelled: 'The entry check has been cancelled.',
  valueRequired: 'Please enter a value to check.',
  tooManyChecks: 'Too many checks. Please try again in {seconds} seconds.',
} as const;

export const MAX_ENTRY_CHECK_NAME_LENGTH = 30;
/** Longest value an entrant may type (longer ones cannot be in a file whose rows are at most 1 MB anyway, in practice). */
export const MAX_CHECKED_VALUE_LENGTH = 1000;

/** Checks per address (the public page): enough for an entrant to try a few spellings, far too few to enumerate. */
export const ENTRY_CHECK_RATE_LIMIT = { points: 20, windowSeconds: 600 } as const;

export type EntryCheckState = 'processing' | 'processed' | 'error';

export interface EntryCheck {
  drawId: string;
  shortCode: string;
  /** The generation of stored digests; a new configuration makes a new one. */
  checkId: number;
  columnIdx: number;
  columnName: string;
  showEntriesCount: boolean;
  enabled: boolean;
  state: EntryCheckState;
  errorMessage: string | null;
  /** Rows processed so far, of `totalRows`. */
  processedRows: number;
  totalRows: number;
  /** Random per configuration: the digests of one draw say nothing about another's. */
  salt: Buffer;
  countryCode: string | null;
}

/**
 * The form compared: surrounding white space removed, Unicode NFC, lower case. Entrants type "  Mary@Example.com"
 * and find "mary@example.com"; nothing else is folded.
 */
export function normalizeCheckedValue(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}
