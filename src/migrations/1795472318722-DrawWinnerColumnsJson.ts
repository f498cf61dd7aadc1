import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * draw_winner.columns becomes json instead of jsonb: a winner's row fields are only ever stored and read back whole,
 * never queried inside, and json input only checks the text where jsonb builds its binary form, a quarter of the
 * server's time of writing a million winners. The values read back are the same arrays of strings.
 */
export class DrawWinnerColumnsJson1795472318722 implements MigrationInterface {
  name = 'DrawWinnerColumnsJson1795472318722';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw_winner ALTER COLUMN columns TYPE json USING columns::json');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw_winner ALTER COLUMN columns TYPE jsonb USING columns::jsonb');
  }
}
