import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A paid submission retried with the same idempotency key (its answer lost) must find the draw the first request
 * made, not make and pay for a second one: the submission's key is kept per owner. And a credit pays for one draw at
 * most, which the database now guarantees.
 */
export class AddDrawSubmissionKey1795523014881 implements MigrationInterface {
  name = 'AddDrawSubmissionKey1795523014881';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw ADD COLUMN submission_key text');
    await queryRunner.query('CREATE UNIQUE INDEX draw_owner_submission_key ON draw (owner_user_id, submission_key) WHERE submission_key IS NOT NULL');
    await queryRunner.query('CREATE UNIQUE INDEX credit_redeemed_for ON credit (redeemed_for) WHERE redeemed_for IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX credit_redeemed_for');
    await queryRunner.query('DROP INDEX draw_owner_submission_key');
    await queryRunner.query('ALTER TABLE draw DROP COLUMN submission_key');
  }
}
