/**
 * One purchase attempt. Its id is made on the client (crypto.randomUUID), sent as the idempotency key, and
 * reported as the tracking transaction id (part 1 §9): a double click or a retry of the same attempt is charged
 * once, because the server finds the payment it already recorded under that key.
 */
export interface PurchaseAttempt {
  id: string;
  /** What the server holds the key to: the pack and the currency (a retry with other ones is refused). */
  fingerprint: string;
}

export function attemptFingerprint(paymentOption: number, currency: string): string {
  return `${paymentOption}:${currency}`;
}

/**
 * The attempt a payment belongs to: the open one when it is for the same pack and currency, else a new one. The
 * card is deliberately not part of it: if an answer was lost after card A was charged, retrying with card B under
 * the same key gets A's purchase back instead of charging B as well.
 */
export function attemptFor(open: PurchaseAttempt | null, fingerprint: string, makeId: () => string = () => crypto.randomUUID()): PurchaseAttempt {
  return open && open.fingerprint === fingerprint ? open : { id: makeId(), fingerprint };
}

/**
 * Whether a failed call settled the attempt. An answer that says what happened (a decline, a refusal) does: the
 * next try is a new attempt, or the server would answer the same decline again. No answer at all, a server error
 * or "still being processed" (409) leave the outcome unknown, so the attempt stays open and a retry cannot charge
 * twice.
 */
export function attemptSettledBy(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  if (typeof status !== 'number') return false;
  return status < 500 && status !== 409;
}
