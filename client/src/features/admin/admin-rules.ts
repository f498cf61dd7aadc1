import dayjs from 'dayjs';

/** Part 2 §9: the console's page size and timings. */
export const CUSTOMERS_PAGE_SIZE = 10;
export const STATISTICS_REFRESH_MS = 5_000;
export const CUSTOMERS_REFRESH_MS = 10_000;
export const SEARCH_DEBOUNCE_MS = 700;
export const LOADER_DELAY_MS = 300;

/** Part 2 §5, the server's messages word for word. */
export const CREDIT_MESSAGES = {
  amount: 'Please enter a valid amount between 1 and 100.',
  expiryRequired: 'Please select an expiry date.',
  expiryInPast: 'Please select an expiry date in the future.',
} as const;

export const TRIAL_NOTE = 'Trial credits';
const TRIAL_MONTHS = 1;

export interface CreditPackForm {
  amount: number | string;
  /** YYYY-MM-DD from the date input, '' when none. */
  expiryDate: string;
  isTrialPack: boolean;
  updateAllExpiries: boolean;
  note: string;
}

export type CreditPackField = 'amount' | 'expiryDate' | 'note';

export const EMPTY_CREDIT_PACK_FORM: CreditPackForm = { amount: 10, expiryDate: '', isTrialPack: false, updateAllExpiries: false, note: '' };

/** A chosen expiry day lasts to its end, in the administrator's time zone. */
export function expiryInstant(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const parsed = dayjs(day);
  // dayjs rolls 30 February over into March; a day that does not come back the same does not exist.
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === day ? parsed.endOf('day').toDate() : null;
}

/**
 * The trial shortcut (part 2 §4): expiry one month ahead, noted 'Trial credits', marked as trial, and updating every
 * pack's expiry turned off. Turning it off again clears the note it wrote.
 */
export function withTrial(form: CreditPackForm, isTrialPack: boolean, now: Date): CreditPackForm {
  if (isTrialPack) return { ...form, isTrialPack, updateAllExpiries: false, expiryDate: dayjs(now).add(TRIAL_MONTHS, 'month').format('YYYY-MM-DD'), note: TRIAL_NOTE };
  return { ...form, isTrialPack, note: form.note === TRIAL_NOTE ? '' : form.note };
}

/** The server's rules, checked before sending: an expiry is required only to update every pack's expiry. */
export function creditPackErrors(form: CreditPackForm, now: Date): Partial<Record<CreditPackField, string>> {
  const errors: Partial<Record<CreditPackField, string>> = {};
  const amount = typeof form.amount === 'number' ? form.amount : Number.NaN;
  if (!Number.isInteger(amount) || amount < 1 || amount > 100) errors.amount = CREDIT_MESSAGES.amount;
  if (form.expiryDate) {
    const expiry = expiryInstant(form.expiryDate);
    if (!expiry) errors.expiryDate = CREDIT_MESSAGES.expiryRequired;
    else if (expiry.getTime() <= now.getTime()) errors.expiryDate = CREDIT_MESSAGES.expiryInPast;
  } else if (form.updateAllExpiries && !form.isTrialPack) {
    errors.expiryDate = CREDIT_MESSAGES.expiryRequired;
  }
  return errors;
}

/** The addCreditPack body of a valid form; the key is the same for every try of one grant, so that it grants once. */
export function creditPackRequest(userId: string, form: CreditPackForm, idempotencyKey: string) {
  return {
    userId,
    idempotencyKey,
    amount: form.amount as number,
    expiryDate: form.expiryDate ? (expiryInstant(form.expiryDate)?.toISOString() ?? null) : null,
    isTrialPack: form.isTrialPack,
    updateAllExpiries: form.updateAllExpiries && !form.isTrialPack,
    note: form.note.trim() || null,
  };
}

/** Dates in the console: the day, in the administrator's zone. */
export function formatAdminDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '—';
  return dayjs(iso).format(withTime ? 'D MMM YYYY, h:mm a' : 'D MMM YYYY');
}
