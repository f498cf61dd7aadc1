import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A wallet payment pays for one thing: the purchase or the draw submission that first used it. A payment that paid
 * before the binding may already have paid for something, so it is bound to what is not known and cannot pay again.
 */
export class AddPaymentPaidFor1795684359842 implements MigrationInterface {
  name = 'AddPaymentPaidFor1795684359842';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE payment ADD COLUMN paid_for text');
    await queryRunner.query(`UPDATE payment SET paid_for = 'before binding' WHERE status = 'succeeded'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE payment DROP COLUMN paid_for');
  }
}
