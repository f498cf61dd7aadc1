import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { type Review, type ReviewSummary, summariseReviews, visibleReviews } from '../domain/review.js';
import { REVIEW_SOURCE } from '../site.tokens.js';
import type { ReviewSource } from './ports/review-source.port.js';

export interface ReviewList {
  reviews: Review[];
  /** The content hosts logos are served from, chosen by the review's index. */
  contentHosts: string[];
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The site configuration is read on every page load; the summary it carries may be this old. */
const SUMMARY_MAX_AGE_MS = 60_000;

@Injectable()
export class ReviewsService {
  private summaryCache: { at: number; summary: Promise<ReviewSummary> } | null = null;

  constructor(
    @Inject(REVIEW_SOURCE) private readonly source: ReviewSource,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async list(): Promise<ReviewList> {
    const disabled = list(this.config.get('REVIEWS_DISABLED_AUTHORS', { infer: true }));
    return {
      reviews: visibleReviews(await this.source.load(), disabled),
      contentHosts: list(this.config.get('CONTENT_HOSTS', { infer: true })).slice(0, 3),
    };
  }

  /** The configured summary (a reviews platform's figures) when there is one, else that of the reviews shown. */
  summary(): Promise<ReviewSummary> {
    const rating = this.config.get('REVIEW_RATING', { infer: true });
    const count = this.config.get('REVIEW_COUNT', { infer: true });
    if (rating !== undefined && count !== undefined) return Promise.resolve({ rating, count });
    const now = Date.now();
    if (!this.summaryCache || now - this.summaryCache.at > SUMMARY_MAX_AGE_MS) {
      const summary = this.list().then(({ reviews }) => summariseReviews(reviews));
      // A failed read is not kept: the next page load asks again.
      summary.catch(() => {
        if (this.summaryCache?.summary === summary) this.summaryCache = null;
      });
      this.summaryCache = { at: now, summary };
    }
    return this.summaryCache.summary;
  }
}
