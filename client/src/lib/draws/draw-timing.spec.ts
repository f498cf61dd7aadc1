import { describeCountdown, dueAtLocal, formatCountdown, isDrawing, pollingIntervalFor, visibleActions } from './draw-timing';

describe('draw timing', () => {
  it('places the due time on this clock from the server’s seconds left', () => {
    expect(dueAtLocal(5, 1_000_000)).toBe(1_005_000);
    expect(dueAtLocal(-3, 1_000_000)).toBe(997_000);
  });

  it('formats countdowns under and over a day, rounding seconds up', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(59_001)).toBe('00:01:00');
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(86_400_000 + 7_384_000)).toBe('1 day 02:03:04');
    expect(formatCountdown(3 * 86_400_000)).toBe('3 days 00:00:00');
  });

  it('describes countdowns in words', () => {
    expect(describeCountdown(0)).toBe('0 seconds');
    expect(describeCountdown(1000)).toBe('1 second');
    expect(describeCountdown(61_000)).toBe('1 minute and 1 second');
    expect(describeCountdown(2 * 86_400_000 + 3_600_000 + 5000)).toBe('2 days, 1 hour and 5 seconds');
  });

  it('polls every 3 s only while a scheduled draw is due', () => {
    expect(isDrawing('scheduled', 1)).toBe(false);
    expect(isDrawing('scheduled', 0)).toBe(true);
    expect(pollingIntervalFor('scheduled', -100)).toBe(3000);
    expect(pollingIntervalFor('scheduled', 100)).toBe(0);
    expect(pollingIntervalFor('drawn', -100)).toBe(0);
    expect(pollingIntervalFor('error', -100)).toBe(0);
  });

  it('hides cancel and reschedule from 1 s before the draw time', () => {
    expect(visibleActions('scheduled', 60_000)).toEqual({ reschedule: true, cancel: true, drawNow: true });
    expect(visibleActions('scheduled', 1000)).toMatchObject({ reschedule: true, cancel: true });
    expect(visibleActions('scheduled', 999)).toMatchObject({ reschedule: false, cancel: false });
    expect(visibleActions('scheduled', -5000)).toMatchObject({ reschedule: false, cancel: false });
  });

  it('hides draw now in the 10 s after the draw time, and offers it again for a missed draw', () => {
    expect(visibleActions('scheduled', 1).drawNow).toBe(true);
    expect(visibleActions('scheduled', 0).drawNow).toBe(false);
    expect(visibleActions('scheduled', -9999).drawNow).toBe(false);
    expect(visibleActions('scheduled', -10_000).drawNow).toBe(true);
  });

  it('hides every action once the draw is no longer scheduled', () => {
    for (const state of ['draft', 'drawn', 'cancelled', 'error'] as const) {
      expect(visibleActions(state, 3_600_000)).toEqual({ reschedule: false, cancel: false, drawNow: false });
    }
  });
});
