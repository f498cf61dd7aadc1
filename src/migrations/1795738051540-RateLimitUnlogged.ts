import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate-limit counters are throwaway state counted on every entry check, lookup, failed sign-in, upload and generator
 * call: written to the WAL they cost each of those requests log records and full-page images, and fill backups and
 * replicas with counters minutes old. Unlogged, a crash empties the table (every window starts afresh), which a counter can afford.
 */
export class RateLimitUnlogged1795738051540 implements MigrationInterface {
  name = 'RateLimitUnlogged1795738051540';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE rate_limit SET UNLOGGED');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE rate_limit SET LOGGED');
  }
}
