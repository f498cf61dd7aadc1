import type { Review } from '../../domain/review.js';

/** Where reviews come from: the review table, or a JSON feed of positional records. */
export interface ReviewSource {
  load(): Promise<Review[]>;
}
