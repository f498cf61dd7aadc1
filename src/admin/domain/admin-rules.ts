import type { CreditPackKind } from '../../billing/domain/credit-pack.js';
import { addMonths, PURCHASED_CREDITS_VALID_MONTHS, TRIAL_CREDITS_VALID_MONTHS } from '../../billing/domain/pricing.js';

/** Part 2 §5 "Admin credit add" and §9. */
export const ADMIN_MESSAGES = {
  amount: 'Please enter a valid amount between 1 and 100.',
  expiryRequired: 'Please select an expiry date.',
  expiryInPast: 'Please select an expiry date in the future.',
  note: 'Keep the note to 200 characters.',
} as const;

export const CUSTOMERS_PAGE_SIZE = 10;
export const CREDIT_AMOUNT_MIN = 1;
export const CREDIT_AMOUNT_MAX = 100;
export const NOTE_MAX_LENGTH = 200;
export const TRIAL_NOTE = 'Trial credits';

/** The customer list's sort columns: the spec's Customer fields. */
export const CUSTOMER_SORT_COLUMNS = ['email', 'emailName', 'lastPurchased', 'lastUsed'] as const;
export type CustomerSortColumn = (typeof CUSTOMER_SORT_COLUMNS)[number];

export interface CreditPackRequest {
  amount: number;
  /** Null when the administrator chose none. */
  expiryDate: Date | null;
  isTrialPack: boolean;
  updateAllExpiries: boolean;
  note: string | null;
}

interface CreditPackDecision {
  kind: Extract<CreditPackKind, 'manual' | 'trial'>;
  credits: number;
  expiryDate: Date;
  note: string | null;
  updateAllExpiries: boolean;
}

export type CreditPackRuling = { ok: true; pack: CreditPackDecision } | { ok: false; field: 'amount' | 'expiryDate' | 'note'; message: string };

/**
 * The rules of an administrator's credit pack (part 2 §4, §5). An expiry is required when it will be applied to
 * every pack of the customer (a date that moves other packs must be chosen, not defaulted); otherwise a missing
 * expiry means the usual validity: one month for trial credits, 24 months (as bought credits) for the rest.
 * A trial pack never updates the other packs: trial credits must not extend credits that were paid for.
 */
export function decideCreditPack(request: CreditPackRequest, now: Date): CreditPackRuling {
  const { amount } = request;
  if (!Number.isInteger(amount) || amount < CREDIT_AMOUNT_MIN || amount > CREDIT_AMOUNT_MAX) return { ok: false, field: 'amount', message: ADMIN_MESSAGES.amount };
  const note = request.note?.trim() || null;
  if (note && note.length > NOTE_MAX_LENGTH) return { ok: false, field: 'note', message: ADMIN_MESSAGES.note };
  const updateAllExpiries = request.updateAllExpiries && !request.isTrialPack;
  if (request.expiryDate && request.expiryDate.getTime() <= now.getTime()) return { ok: false, field: 'expiryDate', message: ADMIN_MESSAGES.expiryInPast };
  if (!request.expiryDate && updateAllExpiries) return { ok: false, field: 'expiryDate', message: ADMIN_MESSAGES.expiryRequired };
  const expiryDate = request.expiryDate ?? addMonths(now, request.isTrialPack ? TRIAL_CREDITS_VALID_MONTHS : PURCHASED_CREDITS_VALID_MONTHS);
  return {
    ok: true,
    pack: {
      kind: request.isTrialPack ? 'trial' : 'manual',
      credits: amount,
      expiryDate,
      note: request.isTrialPack ? (note ?? TRIAL_NOTE) : note,
      updateAllExpiries,
    },
  };
}
