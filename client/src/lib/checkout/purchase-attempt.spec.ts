import { attemptFingerprint, attemptFor, attemptSettledBy } from './purchase-attempt';

describe('purchase attempts', () => {
  let next = 0;
  const makeId = () => `attempt-${++next}`;

  it('keeps one id for retries of the same pack and currency, and makes a new one for another purchase', () => {
    const first = attemptFor(null, attemptFingerprint(1, 'AUD'), makeId);
    expect(attemptFor(first, attemptFingerprint(1, 'AUD'), makeId)).toBe(first);
    const other = attemptFor(first, attemptFingerprint(3, 'AUD'), makeId);
    expect(other.id).not.toBe(first.id);
    expect(attemptFor(other, attemptFingerprint(3, 'GBP'), makeId).id).not.toBe(other.id);
  });

  it('uses crypto.randomUUID by default', () => {
    expect(attemptFor(null, 'x').id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('settles an attempt on a decline or refusal, and keeps it open when the outcome is unknown', () => {
    expect(attemptSettledBy({ status: 402, data: { message: 'Your card was declined.' } })).toBe(true);
    expect(attemptSettledBy({ status: 400, data: {} })).toBe(true);
    expect(attemptSettledBy({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(false);
    expect(attemptSettledBy({ status: 502, data: undefined })).toBe(false);
    expect(attemptSettledBy({ status: 409, data: { message: 'The payment is still being processed.' } })).toBe(false);
    expect(attemptSettledBy(new Error('boom'))).toBe(false);
  });
});
