import { DRAW_MESSAGES } from '../../../../libs/rules/src/index';
import { defaultRescheduleValue, parseLocalInput, rescheduleError, timeZoneChoices, timeZoneOffsetMinutes, toLocalInput, zoneLabel } from './draw-dates';

describe('draw dates', () => {
  it('falls back to UTC for a zone the browser does not know', () => {
    expect(zoneLabel('Mars/Olympus')).toBe('UTC');
    expect(zoneLabel('America/New_York')).toBe('America/New York');
  });

  it('reads a datetime-local value in the chosen zone, across daylight saving', () => {
    expect(parseLocalInput('2026-01-03T19:00', 'Australia/Sydney')?.toISOString()).toBe('2026-01-03T08:00:00.000Z');
    expect(parseLocalInput('2026-07-03T19:00', 'Australia/Sydney')?.toISOString()).toBe('2026-07-03T09:00:00.000Z');
    expect(parseLocalInput('', 'UTC')).toBeNull();
    expect(parseLocalInput('tomorrow', 'UTC')).toBeNull();
    expect(toLocalInput('2026-01-03T08:00:00.000Z', 'Australia/Sydney')).toBe('2026-01-03T19:00');
  });

  it('gives the offset with getTimezoneOffset’s sign', () => {
    expect(timeZoneOffsetMinutes(new Date('2026-01-03T08:00:00Z'), 'Australia/Sydney')).toBe(-660);
    expect(timeZoneOffsetMinutes(new Date('2026-01-03T08:00:00Z'), 'America/New_York')).toBe(300);
  });

  it('starts the reschedule field at the current time while it is ahead, else on a whole hour over an hour away', () => {
    const now = Date.parse('2026-01-03T08:20:00Z');
    expect(defaultRescheduleValue('2026-01-05T08:00:00Z', 'UTC', now)).toBe('2026-01-05T08:00');
    expect(defaultRescheduleValue('2026-01-03T08:00:00Z', 'UTC', now)).toBe('2026-01-03T10:00');
  });

  it('requires a new draw time in the future', () => {
    const now = Date.parse('2026-01-03T08:00:00Z');
    expect(rescheduleError('2026-01-03T08:01', 'UTC', now)).toBeNull();
    expect(rescheduleError('2026-01-03T08:00', 'UTC', now)).toBe(DRAW_MESSAGES.scheduleInPast);
    expect(rescheduleError('2026-01-03T18:30', 'Australia/Sydney', now)).toBe(DRAW_MESSAGES.scheduleInPast);
    expect(rescheduleError('', 'UTC', now)).toBe(DRAW_MESSAGES.scheduleInPast);
  });

  it('lists the zones the browser knows, with UTC', () => {
    const zones = timeZoneChoices('Australia/Sydney');
    expect(zones).toContain('Australia/Sydney');
    expect(zones).toContain('UTC');
  });
});
