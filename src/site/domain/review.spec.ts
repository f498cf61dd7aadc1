import { parsePositionalReview, summariseReviews, toMilliseconds, visibleReviews, type Review } from './review.js';

const record = ['a1', 1_700_000_000, 5, 'Example Reviewer', 'Example Manager', 'Example Co', 'example.png', 'https://example.com', 'Example text.'];

describe('review records', () => {
  it('reads a positional record, timestamps in seconds or milliseconds', () => {
    expect(parsePositionalReview(record)).toMatchObject({ authorId: 'a1', time: 1_700_000_000_000, rating: 5, companyUrl: 'https://example.com' });
    expect(toMilliseconds(1_700_000_000_000)).toBe(1_700_000_000_000);
  });

  it('refuses malformed records', () => {
    expect(() => parsePositionalReview(record.slice(0, 8))).toThrow('9 fields');
    expect(() => parsePositionalReview([...record.slice(0, 2), 9, ...record.slice(3)])).toThrow('rating');
    expect(() => parsePositionalReview([...record.slice(0, 7), 'javascript:alert(1)', record[8]])).toThrow('companyUrl');
  });

  it('skips disabled authors and lists the newest first', () => {
    const review = (authorId: string, time: number): Review => ({ ...parsePositionalReview(record), authorId, time });
    const shown = visibleReviews([review('old', 1), review('new', 3), review('off', 2)], ['off']);
    expect(shown.map((r) => r.authorId)).toEqual(['new', 'old']);
  });

  it('summarises the reviews shown by their mean rating to one decimal, and claims nothing without reviews', () => {
    const rated = (rating: number): Review => ({ ...parsePositionalReview(record), rating });
    expect(summariseReviews([])).toEqual({ rating: 0, count: 0 });
    expect(summariseReviews([rated(5), rated(4), rated(4)])).toEqual({ rating: 4.3, count: 3 });
    expect(summariseReviews([rated(5), rated(4)])).toEqual({ rating: 4.5, count: 2 });
  });
});
