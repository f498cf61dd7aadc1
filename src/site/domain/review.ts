/**
 * A customer review (part 1 §3 "Review record"). Sources hold it positionally:
 * [authorId, timestamp (ms or s), rating, authorName, authorJobTitle, companyName, companyLogoFile, companyUrl, text].
 */
export interface Review {
  authorId: string;
  /** Milliseconds since the epoch. */
  time: number;
  rating: number;
  authorName: string;
  authorJobTitle: string;
  companyName: string;
  companyLogoFile: string;
  companyUrl: string;
  text: string;
}

/** Timestamps below this are seconds (it is 2001-09-09 in milliseconds). */
const SECONDS_BELOW = 1_000_000_000_000;

export function toMilliseconds(timestamp: number): number {
  return timestamp < SECONDS_BELOW ? timestamp * 1000 : timestamp;
}

/** Reads one positional record; anything malformed is refused with the reason (the source logs it and skips it). */
export function parsePositionalReview(record: unknown): Review {
  if (!Array.isArray(record) || record.length !== 9) throw new Error('a review is an array of 9 fields');
  const [authorId, timestamp, rating, authorName, authorJobTitle, companyName, companyLogoFile, companyUrl, text] = record as unknown[];
  const strings = { authorId, authorName, authorJobTitle, companyName, companyLogoFile, companyUrl, text };
  for (const [name, value] of Object.entries(strings)) {
    if (typeof value !== 'string') throw new Error(`${name} must be text`);
  }
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || timestamp <= 0) throw new Error('timestamp must be a positive number');
  if (typeof rating !== 'number' || rating < 1 || rating > 5) throw new Error('rating must be from 1 to 5');
  if (!(text as string).trim() || !(authorName as string).trim()) throw new Error('author name and text are required');
  if (companyUrl && !/^https?:\/\//.test(companyUrl as string)) throw new Error('companyUrl must be an http(s) URL');
  return {
    authorId: authorId as string,
    time: toMilliseconds(timestamp),
    rating,
    authorName: authorName as string,
    authorJobTitle: authorJobTitle as string,
    companyName: companyName as string,
    companyLogoFile: companyLogoFile as string,
    companyUrl: companyUrl as string,
    text: text as string,
  };
}

/** The reviews to show: listed authors skipped, newest first. */
export function visibleReviews(reviews: readonly Review[], disabledAuthors: readonly string[]): Review[] {
  const disabled = new Set(disabledAuthors);
  return reviews.filter((review) => !disabled.has(review.authorId)).sort((a, b) => b.time - a.time);
}

export interface ReviewSummary {
  rating: number;
  count: number;
}

/** The summary of the reviews shown: their mean rating to one decimal and their number (0 and 0 without any). */
export function summariseReviews(reviews: readonly Review[]): ReviewSummary {
  if (reviews.length === 0) return { rating: 0, count: 0 };
  const mean = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
  return { rating: Math.round(mean * 10) / 10, count: reviews.length };
}
