import { ApiProperty } from '@nestjs/swagger';
import type { ReviewList } from '../../application/reviews.service.js';

export class ReviewDto {
  @ApiProperty() authorId: string;
  @ApiProperty({ description: 'Milliseconds since the epoch.' }) time: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
  @ApiProperty() authorName: string;
  @ApiProperty() authorJobTitle: string;
  @ApiProperty() companyName: string;
  @ApiProperty({ description: 'Logo file name on the content hosts; empty when none.' }) companyLogoFile: string;
  @ApiProperty() companyUrl: string;
  @ApiProperty() text: string;
}

export class ReviewListResponseDto {
  @ApiProperty({ type: [ReviewDto], description: 'Newest first; disabled authors are left out.' }) reviews: ReviewDto[];
  @ApiProperty({ type: [String], description: 'Origins serving the logos, chosen by the review index.' }) contentHosts: string[];

  static from(list: ReviewList): ReviewListResponseDto {
    const dto = new ReviewListResponseDto();
    dto.reviews = list.reviews.map((review) => {
      const item = new ReviewDto();
      item.authorId = review.authorId;
      item.time = review.time;
      item.rating = review.rating;
      item.authorName = review.authorName;
      item.authorJobTitle = review.authorJobTitle;
      item.companyName = review.companyName;
      item.companyLogoFile = review.companyLogoFile;
      item.companyUrl = review.companyUrl;
      item.text = review.text;
      return item;
    });
    dto.contentHosts = [...list.contentHosts];
    return dto;
  }
}
