import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { ReviewSource } from '../application/ports/review-source.port.js';
import type { Review } from '../domain/review.js';
import { ReviewOrmEntity } from './review.orm-entity.js';

/** Reviews kept in the review table (the default source). */
@Injectable()
export class TypeormReviewSource implements ReviewSource {
  constructor(@InjectRepository(ReviewOrmEntity) private readonly rows: Repository<ReviewOrmEntity>) {}

  async load(): Promise<Review[]> {
    const rows = await this.rows.find({ order: { reviewedAt: 'DESC' }, take: 500 });
    return rows.map((row) => ({
      authorId: row.authorId,
      time: row.reviewedAt.getTime(),
      rating: row.rating,
      authorName: row.authorName,
      authorJobTitle: row.authorJobTitle,
      companyName: row.companyName,
      companyLogoFile: row.companyLogoFile,
      companyUrl: row.companyUrl,
      text: row.text,
    }));
  }
}
