import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Drafts are draws in state draft (DESIGN.md); the wizard's state is kept as it was saved. */
export class AddDrawDrafts1795316039701 implements MigrationInterface {
  name = 'AddDrawDrafts1795316039701';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw ADD COLUMN wizard_state jsonb');
    await queryRunner.query(`CREATE INDEX draw_drafts ON draw (updated_at) WHERE state = 'draft'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX draw_drafts');
    await queryRunner.query('ALTER TABLE draw DROP COLUMN wizard_state');
  }
}
