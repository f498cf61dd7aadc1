import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The hourly sweep of unused uploads asks which uploads draws run on: by index, not by reading every draw. */
export class AddDrawFileNameIndex1795684359843 implements MigrationInterface {
  name = 'AddDrawFileNameIndex1795684359843';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX draw_file_name ON draw (file_name) WHERE file_name IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX draw_file_name');
  }
}
