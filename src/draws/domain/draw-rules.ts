import { entryCountProblem, type FieldMessages, prizeErrors as sharedPrizeErrors, scheduleErrors as sharedScheduleErrors } from '#rules';
import { PaymentOption } from '../../billing/domain/pricing.js';
import type { PrizeSpec } from './draw.js';

// The rules the wizard applies too, with their messages and the demo limits: libs/rules.
export { DEMO_SCHEDULE_WINDOW_MS, DRAW_MESSAGES, MAX_PRIZES } from '#rules';

export type RuleErrors = Record<string, string[]>;

/** The one demo rule: a demo is asked for by the demo switch or by the demo payment option. */
export function isDemoSubmission(submission: { demo?: boolean; paymentOption?: number }): boolean {
  return submission.demo === true || submission.paymentOption === PaymentOption.Demo;
}

export function normalisePrizes(prizes: PrizeSpec[]): PrizeSpec[] {
  return prizes.map((prize, index) => ({ ...prize, description: prize.description.trim() || `Prize ${index + 1}` }));
}

/** libs/rules' prize rules, each field's message as the envelope's list of one. */
export function prizeErrors(prizes: PrizeSpec[], entries: number, demo: boolean, winnersLimit: number): RuleErrors {
  return asRuleErrors(sharedPrizeErrors(prizes, entries, demo, winnersLimit));
}

export function scheduleErrors(scheduleDate: Date | null, now: Date, demo: boolean, hasAccount: boolean): RuleErrors {
  return asRuleErrors(sharedScheduleErrors(scheduleDate, now, demo, hasAccount));
}

export function simpleEntryErrors(entryCount: number, demo: boolean, winnersLimit: number): RuleErrors {
  const problem = entryCountProblem(entryCount, demo, winnersLimit);
  return problem ? { entriesCount: [problem] } : {};
}

function asRuleErrors(messages: FieldMessages): RuleErrors {
  return Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, [message]]));
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
