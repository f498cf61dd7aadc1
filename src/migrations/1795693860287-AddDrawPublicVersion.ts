import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows a draw's public pages show besides the draw's own (issue 26). */
const SHOWN_WITH_THE_DRAW = ['draw_branding', 'draw_publication', 'draw_scrutineer', 'draw_entry_check'];

/**
 * Issue 26: a draw's public version, which every process's cache of its public answers is keyed by. Triggers keep it,
 * so no write path (the app's, a job's, an operator's SQL) can change what a public page shows without changing it:
 * any update of the draw row (state, beacon round, names, dates) and any write to a table shown with the draw.
 * Winners are written only in the transaction that moves their draw's state (DrawWinnerCascadeTrigger), so the
 * draw's own update covers them.
 */
export class AddDrawPublicVersion1795693860287 implements MigrationInterface {
  name = 'AddDrawPublicVersion1795693860287';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw ADD COLUMN public_version bigint NOT NULL DEFAULT 1');
    await queryRunner.query(`
      CREATE FUNCTION draw_public_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.public_version = OLD.public_version THEN
          NEW.public_version := OLD.public_version + 1;
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query('CREATE TRIGGER draw_public_version_bump BEFORE UPDATE ON draw FOR EACH ROW EXECUTE FUNCTION draw_public_version_bump()');
    await queryRunner.query(`
      CREATE FUNCTION draw_public_version_of_shown() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE draw SET public_version = public_version + 1 WHERE id = OLD.draw_id;
        END IF;
        IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.draw_id IS DISTINCT FROM OLD.draw_id) THEN
          UPDATE draw SET public_version = public_version + 1 WHERE id = NEW.draw_id;
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of SHOWN_WITH_THE_DRAW) {
      await queryRunner.query(`CREATE TRIGGER ${table}_public_version AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION draw_public_version_of_shown()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of SHOWN_WITH_THE_DRAW) await queryRunner.query(`DROP TRIGGER ${table}_public_version ON ${table}`);
    await queryRunner.query('DROP FUNCTION draw_public_version_of_shown()');
    await queryRunner.query('DROP TRIGGER draw_public_version_bump ON draw');
    await queryRunner.query('DROP FUNCTION draw_public_version_bump()');
    await queryRunner.query('ALTER TABLE draw DROP COLUMN public_version');
  }
}
