import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Entries files uploaded for draws (issue 6); the files themselves are in storage under uploads/. */
export class CreateUpload1795315212052 implements MigrationInterface {
  name = 'CreateUpload1795315212052';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE upload (
        id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
        client_session text NOT NULL,
        owner_user_id text,
        file_name text NOT NULL,
        file_extension text NOT NULL CHECK (file_extension IN ('txt', 'csv', 'tsv', 'zip')),
        archived_file_name text,
        archived_file_extension text CHECK (archived_file_extension IN ('txt', 'csv', 'tsv')),
        byte_size bigint NOT NULL CHECK (byte_size > 0),
        entries_byte_size bigint NOT NULL CHECK (entries_byte_size > 0),
        entries_sha256 text NOT NULL CHECK (entries_sha256 ~ '^[0-9a-f]{64}$'),
        entries_encoding text NOT NULL,
        inspection jsonb,
        processing jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX upload_client_session ON upload (client_session)');
    await queryRunner.query('CREATE INDEX upload_owner_user_id ON upload (owner_user_id) WHERE owner_user_id IS NOT NULL');
    await queryRunner.query('CREATE INDEX upload_created_at ON upload (created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE upload');
  }
}
