import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddScrutineerAndLookup1795316183420 implements MigrationInterface {
  name = 'AddScrutineerAndLookup1795316183420';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE draw_scrutineer (
        draw_id uuid PRIMARY KEY REFERENCES draw (id) ON DELETE CASCADE,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email_address text NOT NULL,
        qualification text,
        notes text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Lookup by display id: the last 12 hex digits of the id.
    await queryRunner.query('CREATE INDEX draw_display_id ON draw (right(id::text, 12))');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX draw_display_id');
    await queryRunner.query('DROP TABLE draw_scrutineer');
  }
}
