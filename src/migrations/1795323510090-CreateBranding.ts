import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Certificate branding per draw (issue 10) and the images uploaded for it. */
export class CreateBranding1795323510090 implements MigrationInterface {
  name = 'CreateBranding1795323510090';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE draw_branding (
        draw_id uuid PRIMARY KEY REFERENCES draw(id) ON DELETE CASCADE,
        owner_user_id uuid NULL,
        spec jsonb NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX draw_branding_owner_idx ON draw_branding (owner_user_id, updated_at DESC)');
    await queryRunner.query(`
      CREATE TABLE branding_upload (
        id text PRIMARY KEY,
        client_session text NULL,
        owner_user_id uuid NULL,
        file_name text NOT NULL,
        extension text NOT NULL,
        byte_size integer NOT NULL,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE branding_upload');
    await queryRunner.query('DROP TABLE draw_branding');
  }
}
