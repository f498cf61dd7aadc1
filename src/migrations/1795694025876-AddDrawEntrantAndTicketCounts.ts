import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A draw keeps the figures of its entries file as the wizard showed them (issue 27): its entrants and its entries
 * (tickets), beside the entry rows it already had. Null for draws made before: they read as one entry per row.
 */
export class AddDrawEntrantAndTicketCounts1795694025876 implements MigrationInterface {
  name = 'AddDrawEntrantAndTicketCounts1795694025876';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw ADD COLUMN entrant_count bigint, ADD COLUMN ticket_count bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw DROP COLUMN entrant_count, DROP COLUMN ticket_count');
  }
}
