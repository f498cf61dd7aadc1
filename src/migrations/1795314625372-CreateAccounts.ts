import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccounts1795314625372 implements MigrationInterface {
  name = 'CreateAccounts1795314625372';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        is_agent boolean NOT NULL DEFAULT false,
        agent_organisation text,
        opted_into_communication boolean NOT NULL DEFAULT false,
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        api_enabled boolean NOT NULL DEFAULT false,
        email_confirmed_at timestamptz,
        address_line_one text,
        address_line_two text,
        address_city text,
        address_state text,
        address_postcode text,
        address_country_code text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One account per e-mail whatever its case; the index also serves the login lookup.
    await queryRunner.query('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');

    await queryRunner.query(`
      CREATE TABLE api_key (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('live', 'test')),
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX api_key_user ON api_key (user_id)');

    await queryRunner.query(`
      CREATE TABLE account_token (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_confirmation')),
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    // connect-pg-simple's table, as its table.sql defines it.
    await queryRunner.query(`
      CREATE TABLE session (
        sid varchar NOT NULL COLLATE "default" PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX session_expire ON session (expire)');

    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE mail_outbox');
    await queryRunner.query('DROP TABLE session');
    await queryRunner.query('DROP TABLE account_token');
    await queryRunner.query('DROP TABLE api_key');
    await queryRunner.query('DROP TABLE users');
  }
}
