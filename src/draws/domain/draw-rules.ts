import { PaymentOption } from '../../billing/domain/pricing.js';
import type { PrizeSpec } from './draw.js';

/** The spec's messages (part 1 §5 and §8) and the limits this product decided where the spec is silent. */
export const DRAW_MESSAGES = {
  nameRequired: 'Please enter the name of the draw.',
  beaconUnavailable: 'The public random beacon cannot be reached just now, so no draw can be made. Please try again in a few minutes.',
  organisationRequired: 'Please enter the name of the organisation running the draw.',
  entryCountTooSmall: 'The number of entries must be greater than 1.',
  entryCountTooLarge: (limit: number) => `The number of entries can be at most ${limit.toLocaleString('en')}.`,
  noPrizes: 'Please add at least one prize.',
  demoPrizes: 'A demo draw can have at most 10 prizes.',
  quantity: 'Each prize needs a whole number of winners of at least 1.',
  reserves: 'Reserves must be a whole number of 0 or more.',
  prizesExceedEntries: 'There are more prizes than entries.',
  prizesAndReservesExceedEntries: 'There are more prizes and reserves than entries.',
  winnersLimit: (limit: number) => `A draw can have at most ${limit.toLocaleString('en')} prizes and reserves.`,
  scheduleInPast: 'Please choose a draw time in the future.',
  demoSchedule: 'A demo draw must be scheduled within 15 minutes.',
  schedulingNeedsAccount: 'Scheduling a draw requires you to have an account.',
  uploadRowsWithHeader: 'The file needs more than 2 rows when it has a header row.',
  uploadRowsWithoutHeader: 'The file needs more than 1 row.',
  ticketColumnNeeded: 'Please choose the column with the number of entries.',
  oneWinNeedsColumn: 'One win per entrant needs a column with the number of entries or a unique entrant id column.',
  fileRequired: 'Please upload your entries file.',
  submitFallback: 'Something went wrong, please try again or contact us for assistance.',
  submissionInProgress: 'This draw is still being paid for. Please look for it in your draws in a minute before submitting it again.',
} as const;

/** Demo draws: at most 10 prizes (spec), within 15 minutes (spec), and at most this many entries (decided). */
const DEMO_MAX_PRIZES = 10;
const DEMO_MAX_ENTRIES = 1_000;
export const DEMO_SCHEDULE_WINDOW_MS = 15 * 60 * 1000;
/** More prizes than anyone lists by hand; the wizard adds at most 99 at once. */
export const MAX_PRIZES = 1_000;

export type RuleErrors = Record<string, string[]>;

/** The one demo rule: a demo is asked for by the demo switch or by the demo payment option. */
export function isDemoSubmission(submission: { demo?: boolean; paymentOption?: number }): boolean {
  return submission.demo === true || submission.paymentOption === PaymentOption.Demo;
}

export function normalisePrizes(prizes: PrizeSpec[]): PrizeSpec[] {
  return prizes.map((prize, index) => ({ ...prize, description: prize.description.trim() || `Prize ${index + 1}` }));
}

/** The prize rules of part 1 §5 against the number of entries (or eligible entrants) the draw has. */
export function prizeErrors(prizes: PrizeSpec[], entries: number, demo: boolean, winnersLimit: number): RuleErrors {
  const errors: RuleErrors = {};
  if (prizes.length === 0) return { prizes: [DRAW_MESSAGES.noPrizes] };
  if (demo && prizes.length > DEMO_MAX_PRIZES) errors.prizes = [DRAW_MESSAGES.demoPrizes];
  prizes.forEach((prize, i) => {
    if (!Number.isSafeInteger(prize.quantity) || prize.quantity < 1) errors[`prizes.${i}.quantity`] = [DRAW_MESSAGES.quantity];
    if (!Number.isSafeInteger(prize.reserves) || prize.reserves < 0) errors[`prizes.${i}.reserves`] = [DRAW_MESSAGES.reserves];
  });
  if (Object.keys(errors).length) return errors;
  const winners = prizes.reduce((sum, prize) => sum + prize.quantity, 0);
  const reserves = prizes.reduce((sum, prize) => sum + prize.reserves, 0);
  if (winners + reserves > winnersLimit) errors.prizes = [DRAW_MESSAGES.winnersLimit(winnersLimit)];
  else if (winners > entries) errors.prizes = [DRAW_MESSAGES.prizesExceedEntries];
  else if (winners + reserves > entries) errors.prizes = [DRAW_MESSAGES.prizesAndReservesExceedEntries];
  return errors;
}

export function scheduleErrors(scheduleDate: Date | null, now: Date, demo: boolean, hasAccount: boolean): RuleErrors {
  if (!scheduleDate) return {};
  if (scheduleDate.getTime() <= now.getTime()) return { scheduleDate: [DRAW_MESSAGES.scheduleInPast] };
  if (demo && scheduleDate.getTime() - now.getTime() > DEMO_SCHEDULE_WINDOW_MS) return { scheduleDate: [DRAW_MESSAGES.demoSchedule] };
  if (!demo && !hasAccount) return { scheduleDate: [DRAW_MESSAGES.schedulingNeedsAccount] };
  return {};
}

export function simpleEntryErrors(entryCount: number, demo: boolean, winnersLimit: number): RuleErrors {
  if (!Number.isSafeInteger(entryCount) || entryCount <= 1) return { entriesCount: [DRAW_MESSAGES.entryCountTooSmall] };
  const limit = demo ? DEMO_MAX_ENTRIES : winnersLimit;
  if (entryCount > limit) return { entriesCount: [DRAW_MESSAGES.entryCountTooLarge(limit)] };
  return {};
}

/** A short code of five letters, for the public certificate pages (/cert/ABCDE). */
export function randomShortCode(randomBytes: (n: number) => Buffer): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = randomBytes(10);
  let code = '';
  for (let i = 0; i < bytes.length && code.length < 5; i++) {
    // 24 letters: reject 240..255 so every letter is equally likely.
    if (bytes[i] < 240) code += alphabet[bytes[i] % 24];
  }
  return code.length === 5 ? code : randomShortCode(randomBytes);
}
