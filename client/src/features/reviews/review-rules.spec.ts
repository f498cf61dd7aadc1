import { isVerticalReviewsPath, logoUrl, relativeDateLabel, reviewsVisible, showReviewDates, starWidth, truncateReview } from './review-rules';

const DAY = 86_400_000;
const now = Date.parse('2026-11-22T12:00:00Z');

describe('truncateReview', () => {
  it('shows a text of 300 characters or fewer whole', () => {
    expect(truncateReview('a'.repeat(300))).toBeUndefined();
  });

  it('cuts at the next space after 300', () => {
    const text = 'a'.repeat(310) + ' tail words';
    expect(truncateReview(text)).toEqual({ shown: 'a'.repeat(310), rest: ' tail words' });
  });

  it('cuts at 350 when the next space is further than 50 beyond', () => {
    const text = 'b'.repeat(400) + ' end';
    expect(truncateReview(text)?.shown).toHaveLength(350);
  });

  it('shows whole a text that ends within the slack without a space', () => {
    expect(truncateReview('c'.repeat(320))).toBeUndefined();
  });
});

describe('relativeDateLabel', () => {
  it.each([
    [1, 'in the last day'],
    [23, 'in the last day'],
    [25, 'yesterday'],
    [24 * 6, 'in the last week'],
    [24 * 7, 'a week ago'],
    [24 * 20, '2 weeks ago'],
    [24 * 27, '3 weeks ago'],
  ])('%i hours ago is %s', (hours, label) => {
    expect(relativeDateLabel(now - hours * 3_600_000, now)).toBe(label);
  });

  it('counts months and years by the calendar', () => {
    expect(relativeDateLabel(Date.parse('2026-10-20T12:00:00Z'), now)).toBe('a month ago');
    expect(relativeDateLabel(Date.parse('2026-05-01T12:00:00Z'), now)).toBe('6 months ago');
    expect(relativeDateLabel(Date.parse('2025-11-01T12:00:00Z'), now)).toBe('a year ago');
    expect(relativeDateLabel(Date.parse('2023-01-01T12:00:00Z'), now)).toBe('3 years ago');
  });
});

describe('display rules', () => {
  it('hides the dates when the second review is older than 28 days', () => {
    expect(showReviewDates([now - DAY, now - 28 * DAY], now)).toBe(true);
    expect(showReviewDates([now - DAY, now - 29 * DAY], now)).toBe(false);
    expect(showReviewDates([now - 400 * DAY], now)).toBe(true);
  });

  it('draws 14 px of stars per rating point', () => {
    expect(starWidth(5)).toBe(70);
  });

  it('shows the widget with more than 2 reviews, on the vertical page or on a local host', () => {
    expect(reviewsVisible(2, false, 'fairdraw.com')).toBe(false);
    expect(reviewsVisible(3, false, 'fairdraw.com')).toBe(true);
    expect(reviewsVisible(0, true, 'fairdraw.com')).toBe(true);
    expect(reviewsVisible(0, false, 'localhost')).toBe(false);
    expect(reviewsVisible(1, false, 'localhost')).toBe(true);
    expect(isVerticalReviewsPath('/au/reviews/')).toBe(true);
    expect(isVerticalReviewsPath('/')).toBe(false);
  });

  it('takes logos from the content hosts in turn', () => {
    const hosts = ['https://c1.example/', 'https://c2.example', 'https://c3.example'];
    expect(logoUrl(hosts, 0, 'a.png')).toBe('https://c1.example/a.png');
    expect(logoUrl(hosts, 4, 'b c.png')).toBe('https://c2.example/b%20c.png');
    expect(logoUrl([], 0, 'a.png')).toBeUndefined();
    expect(logoUrl(hosts, 0, '')).toBeUndefined();
  });
});
