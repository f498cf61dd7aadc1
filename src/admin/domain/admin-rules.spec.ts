import { ADMIN_MESSAGES, decideCreditPack, TRIAL_NOTE } from './admin-rules.js';

const NOW = new Date('2026-01-15T12:00:00Z');
const request = (overrides = {}) => ({ amount: 5, expiryDate: null, isTrialPack: false, updateAllExpiries: false, note: null, ...overrides });

describe('decideCreditPack (part 2 §4, §5)', () => {
  it('takes whole amounts from 1 to 100', () => {
    expect(decideCreditPack(request({ amount: 1 }), NOW).ok).toBe(true);
    expect(decideCreditPack(request({ amount: 100 }), NOW).ok).toBe(true);
    for (const amount of [0, 101, 1.5, Number.NaN]) expect(decideCreditPack(request({ amount }), NOW)).toEqual({ ok: false, field: 'amount', message: ADMIN_MESSAGES.amount });
  });

  it('needs a future expiry when one is given, and an expiry at all only to update every pack', () => {
    expect(decideCreditPack(request({ expiryDate: NOW }), NOW)).toEqual({ ok: false, field: 'expiryDate', message: ADMIN_MESSAGES.expiryInPast });
    expect(decideCreditPack(request({ updateAllExpiries: true }), NOW)).toEqual({ ok: false, field: 'expiryDate', message: ADMIN_MESSAGES.expiryRequired });
    const chosen = new Date('2026-06-30T00:00:00Z');
    expect(decideCreditPack(request({ updateAllExpiries: true, expiryDate: chosen }), NOW)).toEqual({
      ok: true,
      pack: { kind: 'manual', credits: 5, expiryDate: chosen, note: null, updateAllExpiries: true },
    });
    expect(decideCreditPack(request(), NOW)).toMatchObject({ ok: true, pack: { expiryDate: new Date('2028-01-15T12:00:00Z') } });
  });

  it('makes trial packs of one month noted Trial credits, which never update the other packs', () => {
    expect(decideCreditPack(request({ isTrialPack: true, updateAllExpiries: true }), NOW)).toEqual({
      ok: true,
      pack: { kind: 'trial', credits: 5, expiryDate: new Date('2026-02-15T12:00:00Z'), note: TRIAL_NOTE, updateAllExpiries: false },
    });
    expect(decideCreditPack(request({ isTrialPack: true, note: ' Conference lead ' }), NOW)).toMatchObject({ ok: true, pack: { note: 'Conference lead' } });
  });
});
