import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSiteSetting1795313121374 implements MigrationInterface {
  name = 'CreateSiteSetting1795313121374';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE site_setting (
        key text PRIMARY KEY,
        value bigint NOT NULL CHECK (value > 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE site_setting');
  }
}
