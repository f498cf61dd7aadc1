import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a draw last took an upload (in the draw's own transaction): the retention sweep removes an upload only under
 * a row lock that sees this, so a draw made while the sweep looks at its old upload either keeps it or is refused.
 */
export class AddUploadClaimedAt1795785152686 implements MigrationInterface {
  name = 'AddUploadClaimedAt1795785152686';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE upload ADD COLUMN claimed_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE upload DROP COLUMN claimed_at');
  }
}
