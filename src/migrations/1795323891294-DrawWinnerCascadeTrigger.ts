import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * draw_winner loses its foreign key to draw: PostgreSQL checks a foreign key row by row, which was two thirds of the
 * time of writing a million winners. Winners are only ever written in the transaction that holds their draw's row
 * lock (so the draw exists and cannot go away meanwhile); the delete cascade the key gave is kept by a trigger.
 */
export class DrawWinnerCascadeTrigger1795323891294 implements MigrationInterface {
  name = 'DrawWinnerCascadeTrigger1795323891294';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw_winner DROP CONSTRAINT draw_winner_draw_id_fkey');
    await queryRunner.query(`
      CREATE FUNCTION draw_winner_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM draw_winner WHERE draw_id = OLD.id;
        RETURN OLD;
      END $$`);
    await queryRunner.query('CREATE TRIGGER draw_winner_cascade AFTER DELETE ON draw FOR EACH ROW EXECUTE FUNCTION draw_winner_cascade()');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER draw_winner_cascade ON draw');
    await queryRunner.query('DROP FUNCTION draw_winner_cascade()');
    await queryRunner.query('DELETE FROM draw_winner w WHERE NOT EXISTS (SELECT 1 FROM draw d WHERE d.id = w.draw_id)');
    await queryRunner.query('ALTER TABLE draw_winner ADD CONSTRAINT draw_winner_draw_id_fkey FOREIGN KEY (draw_id) REFERENCES draw (id) ON DELETE CASCADE');
  }
}
