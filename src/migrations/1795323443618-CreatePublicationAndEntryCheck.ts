import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePublicationAndEntryCheck1795323443618 implements MigrationInterface {
  name = 'CreatePublicationAndEntryCheck1795323443618';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE draw_publication (
        draw_id uuid PRIMARY KEY REFERENCES draw (id) ON DELETE CASCADE,
        short_code text NOT NULL UNIQUE,
        columns integer[] NOT NULL,
        column_names text[] NOT NULL,
        prizes integer[] NOT NULL,
        first_truncated boolean NOT NULL,
        upper_case boolean NOT NULL,
        entry_count boolean NOT NULL,
        publish_date timestamptz NOT NULL,
        published boolean NOT NULL,
        live boolean NOT NULL DEFAULT false,
        went_live_at timestamptz,
        country_code text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (cardinality(columns) BETWEEN 1 AND 4 AND cardinality(columns) = cardinality(column_names))
      )`);
    await queryRunner.query('CREATE INDEX draw_publication_due ON draw_publication (publish_date) WHERE published AND NOT live');
    await queryRunner.query('CREATE SEQUENCE entry_check_id');
    await queryRunner.query(`
      CREATE TABLE draw_entry_check (
        draw_id uuid PRIMARY KEY REFERENCES draw (id) ON DELETE CASCADE,
        short_code text NOT NULL UNIQUE,
        check_id integer NOT NULL UNIQUE,
        column_idx integer NOT NULL,
        column_name text NOT NULL,
        show_entries_count boolean NOT NULL,
        enabled boolean NOT NULL,
        state text NOT NULL CHECK (state IN ('processing', 'processed', 'error')),
        error_message text,
        processed_rows bigint NOT NULL DEFAULT 0,
        total_rows bigint NOT NULL DEFAULT 0,
        salt bytea NOT NULL CHECK (length(salt) = 16),
        country_code text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Keyed digests only (never the values): 16 bytes of HMAC-SHA-256 per distinct value and its entries. No
    // foreign key: millions of rows are bulk-loaded per check and removed by check_id when it is replaced.
    await queryRunner.query(`
      CREATE TABLE entry_check_value (
        check_id integer NOT NULL,
        digest bytea NOT NULL,
        entries bigint NOT NULL,
        PRIMARY KEY (check_id, digest)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE entry_check_value');
    await queryRunner.query('DROP TABLE draw_entry_check');
    await queryRunner.query('DROP SEQUENCE entry_check_id');
    await queryRunner.query('DROP TABLE draw_publication');
  }
}
