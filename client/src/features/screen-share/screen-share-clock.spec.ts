import { formatScreenShareClock } from './screen-share-clock';

describe('formatScreenShareClock', () => {
  it("writes '3 Jan 2024 09:05:01 am' in the chosen zone", () => {
    expect(formatScreenShareClock(new Date('2024-01-03T09:05:01Z'), 'UTC')).toBe('3 Jan 2024 09:05:01 am');
    expect(formatScreenShareClock(new Date('2024-01-03T09:05:01Z'), 'Australia/Sydney')).toBe('3 Jan 2024 08:05:01 pm');
  });

  it("writes every month in three letters, September too (en-GB's 'Sept')", () => {
    const months = Array.from({ length: 12 }, (_, m) => formatScreenShareClock(new Date(Date.UTC(2024, m, 3, 9, 5, 1)), 'UTC').split(' ')[1]);
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('shows noon and midnight as 12', () => {
    expect(formatScreenShareClock(new Date('2024-01-03T00:00:09Z'), 'UTC')).toBe('3 Jan 2024 12:00:09 am');
    expect(formatScreenShareClock(new Date('2024-01-03T12:30:00Z'), 'UTC')).toBe('3 Jan 2024 12:30:00 pm');
  });

  it("falls back to the browser's zone for an unknown one", () => {
    expect(formatScreenShareClock(new Date('2024-01-03T09:05:01Z'), 'Mars/Olympus')).toMatch(/^\d{1,2} Jan 2024 \d\d:\d\d:01 [ap]m$/);
  });
});
