/** Display rules of the reviews (part 1 §2, §4, §9). */
const TRUNCATE_AT = 300;
const TRUNCATE_SLACK = 50;
export const STAR_WIDTH_PX = 14;
const DATE_HIDE_DAYS = 28;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * A review longer than 300 characters is cut at the next space after 300, at most 50 characters further (a word
 * longer than that is cut at 350). Undefined when the text is short enough to show whole.
 */
export function truncateReview(text: string): { shown: string; rest: string } | undefined {
  if (text.length <= TRUNCATE_AT) return undefined;
  const space = text.indexOf(' ', TRUNCATE_AT);
  const cut = space === -1 || space > TRUNCATE_AT + TRUNCATE_SLACK ? Math.min(text.length, TRUNCATE_AT + TRUNCATE_SLACK) : space;
  if (cut >= text.length) return undefined;
  return { shown: text.slice(0, cut), rest: text.slice(cut) };
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : `${count} ${many}`;
}

/** Whole calendar months from one date to a later one. */
function monthsBetween(from: Date, to: Date): number {
  let months = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
  if (to.getDate() < from.getDate()) months -= 1;
  return Math.max(0, months);
}

/** 'in the last day', 'yesterday', 'in the last week', 'a week ago' / 'N weeks ago', 'a month ago' / 'N months ago', 'a year ago' / 'N years ago'. */
export function relativeDateLabel(time: number, now: number): string {
  const age = now - time;
  if (age < DAY) return 'in the last day';
  if (age < 2 * DAY) return 'yesterday';
  if (age < WEEK) return 'in the last week';
  if (age < 4 * WEEK) return plural(Math.floor(age / WEEK), 'a week ago', 'weeks ago');
  const months = monthsBetween(new Date(time), new Date(now));
  if (months < 12) return plural(Math.max(1, months), 'a month ago', 'months ago');
  return plural(Math.floor(months / 12), 'a year ago', 'years ago');
}

/** Dates are hidden when the second review shown is older than 28 days (so an old list does not look stale). */
export function showReviewDates(times: readonly number[], now: number): boolean {
  return times.length < 2 || now - times[1] <= DATE_HIDE_DAYS * DAY;
}

export function starWidth(rating: number): number {
  return rating * STAR_WIDTH_PX;
}

/** The review widget shows with more than 2 reviews, on the vertical reviews page, or on a local host. */
export function reviewsVisible(count: number, vertical: boolean, hostname: string): boolean {
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname.endsWith('.localhost');
  // A local host shows the box with fewer reviews (to see it while working on it), but never an empty box.
  return count > 2 || vertical || (local && count > 0);
}

/** Any path containing 'review' is the vertical reviews page. */
export function isVerticalReviewsPath(pathname: string): boolean {
  return pathname.includes('review');
}

/** The logo's address: the content hosts take turns by the review's index. */
export function logoUrl(contentHosts: readonly string[], index: number, file: string): string | undefined {
  if (!file || contentHosts.length === 0) return undefined;
  const host = contentHosts[index % contentHosts.length].replace(/\/+$/, '');
  return `${host}/${encodeURIComponent(file)}`;
}
