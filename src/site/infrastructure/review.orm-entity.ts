import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The review table: one row per review, the fields of the positional record. */
@Entity({ name: 'review' })
export class ReviewOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'author_id', type: 'text' }) authorId: string;
  @Column({ name: 'reviewed_at', type: 'timestamptz' }) reviewedAt: Date;
  @Column({ type: 'smallint' }) rating: number;
  @Column({ name: 'author_name', type: 'text' }) authorName: string;
  @Column({ name: 'author_job_title', type: 'text', default: '' }) authorJobTitle: string;
  @Column({ name: 'company_name', type: 'text', default: '' }) companyName: string;
  @Column({ name: 'company_logo_file', type: 'text', default: '' }) companyLogoFile: string;
  @Column({ name: 'company_url', type: 'text', default: '' }) companyUrl: string;
  @Column({ type: 'text' }) text: string;
}
