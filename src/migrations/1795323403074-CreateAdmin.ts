import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The e-mail history of accounts (changed by administrators) and the audit log of the admin console. */
export class CreateAdmin1795323403074 implements MigrationInterface {
  name = 'CreateAdmin1795323403074';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE email_history (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        email text NOT NULL,
        new_email text NOT NULL,
        date_changed_from timestamptz NOT NULL,
        changed_by text NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX email_history_user ON email_history (user_id, date_changed_from DESC)');
    // Who did what, when. The administrator's e-mail is kept as it was, so the entry survives the account's changes.
    await queryRunner.query(`
      CREATE TABLE admin_audit (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        admin_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        admin_email text NOT NULL,
        action text NOT NULL,
        customer_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        detail jsonb NOT NULL DEFAULT '{}'
      )`);
    await queryRunner.query('CREATE INDEX admin_audit_at ON admin_audit (at DESC, id DESC)');
    await queryRunner.query('CREATE INDEX admin_audit_customer ON admin_audit (customer_user_id, at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE admin_audit');
    await queryRunner.query('DROP TABLE email_history');
  }
}
