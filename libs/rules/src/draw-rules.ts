/**
 * The draw's rules that the wizard checks before sending and the server checks on submission (part 1 §4, §5, §8),
 * with their messages, and the limits this product decided where the spec is silent. One message per field: the
 * server sends it as the field's list of one.
 */
export const DRAW_MESSAGES = {
  nameRequired: 'Please enter the name of the draw.',
  organisationRequired: 'Please enter the name of the organisation running the draw.',
  entryMethod: 'Please choose how you will enter the entries.',
  entryCountTooSmall: 'The number of entries must be greater than 1.',
  entryCountTooLarge: (limit: number) => `The number of entries can be at most ${limit.toLocaleString('en')}.`,
  fileRequired: 'Please upload your entries file.',
  // Not worded by the spec: the upload is confirmed (its rows counted) before the draw can use it.
  detailsNotConfirmed: 'Please wait until the file has been checked.',
  headerRow: 'Please tell us whether the first row of the file is a header row.',
  uploadRowsWithHeader: 'The file needs more than 2 rows when it has a header row.',
  uploadRowsWithoutHeader: 'The file needs more than 1 row.',
  ticketColumnNeeded: 'Please choose the column with the number of entries.',
  oneWinNeedsColumn: 'One win per entrant needs a column with the number of entries or a unique entrant id column.',
  notProcessed: 'Please check the columns you chose before you continue.',
  noPrizes: 'Please add at least one prize.',
  demoPrizes: 'A demo draw can have at most 10 prizes.',
  quantity: 'Each prize needs a whole number of winners of at least 1.',
  reserves: 'Reserves must be a whole number of 0 or more.',
  prizesExceedEntries: 'There are more prizes than entries.',
  prizesAndReservesExceedEntries: 'There are more prizes and reserves than entries.',
  winnersLimit: (limit: number) => `A draw can have at most ${limit.toLocaleString('en')} prizes and reserves.`,
  scheduleRequired: 'Please choose the date and time of the draw.',
  scheduleInPast: 'Please choose a draw time in the future.',
  // Not worded by the spec: the client sends the browser's zone; an API customer may send anything.
  timeZone: 'Please choose a time zone by its IANA name, such as Australia/Sydney.',
  demoSchedule: 'A demo draw must be scheduled within 15 minutes.',
  schedulingNeedsAccount: 'Scheduling a draw requires you to have an account.',
  paymentOption: 'Please choose how to pay for this draw.',
  beaconUnavailable: 'The public random beacon cannot be reached just now, so no draw can be made. Please try again in a few minutes.',
  submitFallback: 'Something went wrong, please try again or contact us for assistance.',
  /** The server's answer while an earlier request of the same submission is still paying. */
  submissionInProgress: 'This draw is still being paid for. Please look for it in your draws in a minute before submitting it again.',
  /** The server's answer when a submission's payment completed only after its draft had been cleared as abandoned. */
  submissionExpired: 'This draw was not made: its payment took too long to complete. The credit it paid for is on your account; please submit the draw again and use your credits.',
} as const;

/** Demo draws: at most 10 prizes and within 15 minutes (spec); at most 1,000 entries (decided). */
export const DEMO_MAX_PRIZES = 10;
export const DEMO_MAX_ENTRIES = 1_000;
export const DEMO_SCHEDULE_WINDOW_MS = 15 * 60 * 1000;
/** More prizes than anyone lists by hand; the wizard adds at most 99 at once. */
export const MAX_PRIZES = 1_000;

/** Field → its one message; empty when the rule holds. */
export type FieldMessages = Record<string, string>;

/** The most entries a draw may have: a demo's limit, else the winners limit (site setting). */
export function entryCountLimit(demo: boolean, winnersLimit: number): number {
  return demo ? DEMO_MAX_ENTRIES : winnersLimit;
}

/** Part 1 §5: the number of entries of a draw of numbered entries; null when it may be drawn. */
export function entryCountProblem(entryCount: number, demo: boolean, winnersLimit: number): string | null {
  if (!Number.isSafeInteger(entryCount) || entryCount <= 1) return DRAW_MESSAGES.entryCountTooSmall;
  const limit = entryCountLimit(demo, winnersLimit);
  return entryCount > limit ? DRAW_MESSAGES.entryCountTooLarge(limit) : null;
}

/** Part 1 §5 prizes, against the entries the draw has (null while unknown: only the prizes' own rules apply). */
export function prizeErrors(prizes: readonly { quantity: number; reserves: number }[], entries: number | null, demo: boolean, winnersLimit: number): FieldMessages {
  if (prizes.length === 0) return { prizes: DRAW_MESSAGES.noPrizes };
  const errors: FieldMessages = {};
  if (demo && prizes.length > DEMO_MAX_PRIZES) errors.prizes = DRAW_MESSAGES.demoPrizes;
  prizes.forEach((prize, i) => {
    if (!Number.isSafeInteger(prize.quantity) || prize.quantity < 1) errors[`prizes.${i}.quantity`] = DRAW_MESSAGES.quantity;
    if (!Number.isSafeInteger(prize.reserves) || prize.reserves < 0) errors[`prizes.${i}.reserves`] = DRAW_MESSAGES.reserves;
  });
  if (Object.keys(errors).length) return errors;
  const winners = prizes.reduce((sum, prize) => sum + prize.quantity, 0);
  const reserves = prizes.reduce((sum, prize) => sum + prize.reserves, 0);
  if (winners + reserves > winnersLimit) return { prizes: DRAW_MESSAGES.winnersLimit(winnersLimit) };
  if (entries !== null && winners > entries) return { prizes: DRAW_MESSAGES.prizesExceedEntries };
  if (entries !== null && winners + reserves > entries) return { prizes: DRAW_MESSAGES.prizesAndReservesExceedEntries };
  return {};
}

/** Part 1 §5 and §9: a scheduled time (null: the draw is made on submission). */
export function scheduleErrors(scheduleDate: Date | null, now: Date, demo: boolean, hasAccount: boolean): FieldMessages {
  if (!scheduleDate) return {};
  if (scheduleDate.getTime() <= now.getTime()) return { scheduleDate: DRAW_MESSAGES.scheduleInPast };
  if (demo && scheduleDate.getTime() - now.getTime() > DEMO_SCHEDULE_WINDOW_MS) return { scheduleDate: DRAW_MESSAGES.demoSchedule };
  if (!demo && !hasAccount) return { scheduleDate: DRAW_MESSAGES.schedulingNeedsAccount };
  return {};
}
