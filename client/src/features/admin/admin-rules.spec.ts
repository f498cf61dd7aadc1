import { CREDIT_MESSAGES, creditPackErrors, creditPackRequest, EMPTY_CREDIT_PACK_FORM, expiryInstant, TRIAL_NOTE, withTrial } from './admin-rules';

const NOW = new Date(2026, 0, 31, 12, 0, 0);

describe('admin credit pack form rules', () => {
  it('accepts whole amounts from 1 to 100 only', () => {
    for (const amount of [1, 100]) expect(creditPackErrors({ ...EMPTY_CREDIT_PACK_FORM, amount }, NOW)).toEqual({});
    for (const amount of [0, 101, 2.5, '']) expect(creditPackErrors({ ...EMPTY_CREDIT_PACK_FORM, amount }, NOW)).toEqual({ amount: CREDIT_MESSAGES.amount });
  });

  it('requires an expiry only to update every pack, and a future one whenever given', () => {
    expect(creditPackErrors({ ...EMPTY_CREDIT_PACK_FORM, updateAllExpiries: true }, NOW)).toEqual({ expiryDate: CREDIT_MESSAGES.expiryRequired });
    expect(creditPackErrors({ ...EMPTY_CREDIT_PACK_FORM, expiryDate: '2026-01-30' }, NOW)).toEqual({ expiryDate: CREDIT_MESSAGES.expiryInPast });
    // A day lasts to its end: today is still ahead at noon.
    expect(creditPackErrors({ ...EMPTY_CREDIT_PACK_FORM, expiryDate: '2026-01-31', updateAllExpiries: true }, NOW)).toEqual({});
    expect(expiryInstant('2026-02-30')).toBeNull();
  });

  it('the trial shortcut sets one month, the note and turns updating every pack off', () => {
    const trial = withTrial({ ...EMPTY_CREDIT_PACK_FORM, updateAllExpiries: true }, true, NOW);
    expect(trial).toMatchObject({ isTrialPack: true, updateAllExpiries: false, expiryDate: '2026-02-28', note: TRIAL_NOTE });
    expect(withTrial(trial, false, NOW)).toMatchObject({ isTrialPack: false, note: '', expiryDate: '2026-02-28' });
    expect(creditPackRequest('u', { ...trial, amount: 5, updateAllExpiries: true }, 'grant-key-1')).toMatchObject({ amount: 5, isTrialPack: true, updateAllExpiries: false, note: TRIAL_NOTE });
  });
});
