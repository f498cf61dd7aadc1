import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a branding's images are stored, per slot: each save writes its new images under keys of their own before its
 * row names them, so the row's commit is what switches the image (decisions.md, stop 41). Rows saved before name
 * none: their images stay where they were, `branding/{draw}/{slot}.{extension}`, and are read there.
 */
export class AddBrandingImageKeys1795812201945 implements MigrationInterface {
  name = 'AddBrandingImageKeys1795812201945';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE draw_branding ADD COLUMN image_keys jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE draw_branding DROP COLUMN image_keys');
  }
}
