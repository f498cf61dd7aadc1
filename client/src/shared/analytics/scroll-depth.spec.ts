import { ScrollDepthTracker, scrollPercent } from './scroll-depth';

describe('scroll depth', () => {
  it('measures the bottom of the window against the page', () => {
    expect(scrollPercent(0, 500, 2000)).toBe(25);
    expect(scrollPercent(1500, 500, 2000)).toBe(100);
    expect(scrollPercent(0, 900, 800)).toBe(100);
  });

  it('sends each mark once, at most once a minute, the marks of the minute together', () => {
    const sent: [number, number[]][] = [];
    const tracker = new ScrollDepthTracker((depth, marks) => sent.push([depth, marks]));
    expect(tracker.check(30, 0)).toBeUndefined();
    expect(sent).toEqual([[25, [25]]]);
    expect(tracker.check(80, 1000)).toBe(60_000);
    expect(tracker.check(100, 2000)).toBe(60_000);
    expect(sent).toHaveLength(1);
    expect(tracker.flush(60_000)).toBeUndefined();
    expect(sent[1]).toEqual([100, [50, 75, 100]]);
    expect(tracker.check(100, 200_000)).toBeUndefined();
    expect(sent).toHaveLength(2);
  });
});
