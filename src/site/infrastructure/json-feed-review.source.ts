import { Logger } from '@nestjs/common';
import type { ReviewSource } from '../application/ports/review-source.port.js';
import { parsePositionalReview, type Review } from '../domain/review.js';

const TIMEOUT_MS = 5000;
const FRESH_MS = 10 * 60 * 1000;

/**
 * Reviews from a JSON feed: an array of positional records. The feed is read at most every 10 minutes; when it fails,
 * the last good copy is kept (or none), and bad records are skipped, each logged.
 */
export class JsonFeedReviewSource implements ReviewSource {
  private readonly logger = new Logger('Reviews');
  private cached: { at: number; reviews: Review[] } | undefined;

  constructor(
    private readonly url: string,
    private readonly now: () => number = Date.now,
  ) {}

  async load(): Promise<Review[]> {
    if (this.cached && this.now() - this.cached.at < FRESH_MS) return this.cached.reviews;
    try {
      const response = await fetch(this.url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body: unknown = await response.json();
      if (!Array.isArray(body)) throw new Error('the feed is not an array');
      const reviews: Review[] = [];
      body.forEach((record, index) => {
        try {
          reviews.push(parsePositionalReview(record));
        } catch (error) {
          this.logger.warn(`Review ${index} of the feed skipped: ${(error as Error).message}`);
        }
      });
      this.cached = { at: this.now(), reviews };
      return reviews;
    } catch (error) {
      this.logger.warn(`Reviews feed ${this.url} failed: ${(error as Error).message}`);
      return this.cached?.reviews ?? [];
    }
  }
}
