import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { type Review, visibleReviews } from '../domain/review.js';
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

@Injectable()
export class ReviewsService {
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
}
