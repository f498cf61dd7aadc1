import { lookupDisplayId, testKeyRefusal } from './draw-actions.js';
import { actionRefusal, changeRefusal, drawNowRefusal, newTimeRefusal } from './draw-state.js';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 12) + ms);

describe('draw action thresholds (part 2 §4)', () => {
  const now = at(0);

  it('allows cancel and reschedule until a second before the draw time', () => {
    expect(changeRefusal({ state: 'scheduled', scheduleDate: at(1000) }, now)).toBeNull();
    expect(changeRefusal({ state: 'scheduled', scheduleDate: at(999) }, now)).toMatch(/too late/);
    expect(changeRefusal({ state: 'drawn', scheduleDate: at(60_000) }, now)).toMatch(/no longer be changed/);
  });

  it('refuses draw now within 10 s after the draw time, and for draws not scheduled', () => {
    expect(drawNowRefusal({ state: 'scheduled', scheduleDate: at(60_000) }, now)).toBeNull();
    expect(drawNowRefusal({ state: 'scheduled', scheduleDate: at(-9_999) }, now)).toMatch(/being drawn/);
    expect(drawNowRefusal({ state: 'scheduled', scheduleDate: at(-10_000) }, now)).toBeNull();
    expect(drawNowRefusal({ state: 'cancelled', scheduleDate: at(60_000) }, now)).toMatch(/no longer be changed/);
  });

  it('names a scrutineer for any draw but a cancelled one, and routes each action to its rule', () => {
    expect(actionRefusal('saveScrutineer', { state: 'drawn', scheduleDate: at(-60_000) }, now)).toBeNull();
    expect(actionRefusal('saveScrutineer', { state: 'cancelled', scheduleDate: at(60_000) }, now)).toMatch(/no longer be changed/);
    expect(actionRefusal('cancel', { state: 'scheduled', scheduleDate: at(999) }, now)).toMatch(/too late/);
    expect(actionRefusal('drawNow', { state: 'scheduled', scheduleDate: at(-9_999) }, now)).toMatch(/being drawn/);
  });

  it('wants a new time in the future, and a demo within 15 minutes of when it was made', () => {
    const made = at(-60_000);
    expect(newTimeRefusal({ demo: false, createdAt: made }, at(0), now)?.message).toMatch(/in the future/);
    expect(newTimeRefusal({ demo: true, createdAt: made }, at(14 * 60_000), now)).toBeNull();
    expect(newTimeRefusal({ demo: true, createdAt: made }, at(14 * 60_000 + 1), now)?.message).toMatch(/within 15 minutes/);
    expect(newTimeRefusal({ demo: false, createdAt: made }, at(3_600_000), now)).toBeNull();
  });

  it('lets a test API key change test draws only', () => {
    expect(testKeyRefusal({ source: 'test' }, { source: 'test' })).toBeNull();
    expect(testKeyRefusal({ source: 'web' }, { source: 'test' })).toMatch(/test API key acts only on test draws/);
    expect(testKeyRefusal({ source: 'api' }, { source: 'test' })).toMatch(/test API key acts only on test draws/);
    expect(testKeyRefusal({ source: 'api' }, { source: 'api' })).toBeNull();
    expect(testKeyRefusal({ source: 'web' }, { source: 'web' })).toBeNull();
  });
});

describe('lookup ids (part 2 §5)', () => {
  it('strips spaces and a leading #, and keeps the last 12 hex digits', () => {
    expect(lookupDisplayId(' #1A2B 3C4D 5E6F ')).toBe('1a2b3c4d5e6f');
    expect(lookupDisplayId('0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d')).toBe('2e1f3a4b5c6d');
    expect(lookupDisplayId('12345')).toBeNull();
    expect(lookupDisplayId('1a2b3c4d5e6g')).toBeNull();
  });
});
