import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An administrator's credit grant retried with the same key (its answer lost, or the button pressed twice) finds the
 * pack the first request made instead of granting the credits again: the grant's key is kept per customer.
 */
export class AddCreditPackGrantKey1795686102053 implements MigrationInterface {
  name = 'AddCreditPackGrantKey1795686102053';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE credit_pack ADD COLUMN grant_key text');
    await queryRunner.query('CREATE UNIQUE INDEX credit_pack_user_grant_key ON credit_pack (user_id, grant_key) WHERE grant_key IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX credit_pack_user_grant_key');
    await queryRunner.query('ALTER TABLE credit_pack DROP COLUMN grant_key');
  }
}
