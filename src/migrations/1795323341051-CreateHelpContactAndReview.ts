import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateHelpContactAndReview1795323341051 implements MigrationInterface {
  name = 'CreateHelpContactAndReview1795323341051';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE help_contact (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        email text NOT NULL,
        organisation text,
        phone text,
        topic text NOT NULL,
        draw_id text,
        message text NOT NULL,
        country_code text NOT NULL,
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX help_contact_created_at ON help_contact (created_at)');
    await queryRunner.query(`
      CREATE TABLE review (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        author_id text NOT NULL,
        reviewed_at timestamptz NOT NULL,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        author_name text NOT NULL,
        author_job_title text NOT NULL DEFAULT '',
        company_name text NOT NULL DEFAULT '',
        company_logo_file text NOT NULL DEFAULT '',
        company_url text NOT NULL DEFAULT '',
        text text NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX review_reviewed_at ON review (reviewed_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE review');
    await queryRunner.query('DROP TABLE help_contact');
  }
}
