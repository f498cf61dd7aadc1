import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: every change of a draw's public version (and a draw's deletion) is announced on the
 * `draw_public_version` channel at commit, so each process's cache of public versions (NotifiedCache) ends its
 * entry at once instead of reading the draw on every public page view. The payload is the draw's id and its short
 * codes before and after (space-separated): the cache is keyed by both.
 */
export class NotifyDrawPublicVersion1795704892014 implements MigrationInterface {
  name = 'NotifyDrawPublicVersion1795704892014';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION draw_public_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.public_version = OLD.public_version THEN
          NEW.public_version := OLD.public_version + 1;
        END IF;
        PERFORM pg_notify('draw_public_version', concat_ws(' ', NEW.id, OLD.short_code, NEW.short_code));
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION draw_public_version_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('draw_public_version', concat_ws(' ', OLD.id, OLD.short_code));
        RETURN NULL;
      END $$`);
    await queryRunner.query('CREATE TRIGGER draw_public_version_deleted AFTER DELETE ON draw FOR EACH ROW EXECUTE FUNCTION draw_public_version_deleted()');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER draw_public_version_deleted ON draw');
    await queryRunner.query('DROP FUNCTION draw_public_version_deleted()');
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION draw_public_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.public_version = OLD.public_version THEN
          NEW.public_version := OLD.public_version + 1;
        END IF;
        RETURN NEW;
      END $$`);
  }
}
