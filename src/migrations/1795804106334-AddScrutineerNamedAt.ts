import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the scrutineer was named: their name, e-mail or qualification last set (notes are the owner's alone). The
 * certificate says when a scrutineer was named after the draw, which they cannot have overseen. Rows already stored
 * take their last change, the best that is known of them.
 */
export class AddScrutineerNamedAt1795804106334 implements MigrationInterface {
  name = 'AddScrutineerNamedAt1795804106334';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw_scrutineer ADD COLUMN named_at timestamptz');
    await queryRunner.query('UPDATE draw_scrutineer SET named_at = updated_at');
    // As updated_at: a row written by other means than the app's upsert is named when it is written.
    await queryRunner.query('ALTER TABLE draw_scrutineer ALTER COLUMN named_at SET DEFAULT now(), ALTER COLUMN named_at SET NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw_scrutineer DROP COLUMN named_at');
  }
}
