import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail delivered before the outbox emptied delivered bodies (issue 24) still holds working reset and confirmation
 * links and senders' words: the same purge, once, for what is already there.
 */
export class PurgeDeliveredMailBodies1795685007740 implements MigrationInterface {
  name = 'PurgeDeliveredMailBodies1795685007740';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("UPDATE mail_outbox SET text_body = '', html_body = NULL WHERE sent_at IS NOT NULL AND (text_body <> '' OR html_body IS NOT NULL)");
  }

  async down(): Promise<void> {
    // What was purged is gone; there is nothing to put back.
  }
}
