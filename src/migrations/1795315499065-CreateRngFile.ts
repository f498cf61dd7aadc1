import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The requests behind the generators' downloads: seed and options only, regenerated when downloaded. */
export class CreateRngFile1795315499065 implements MigrationInterface {
  name = 'CreateRngFile1795315499065';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rng_file (
        id char(32) PRIMARY KEY,
        mode varchar(8) NOT NULL CHECK (mode IN ('numbers', 'sequence')),
        lower_limit varchar(18) NOT NULL,
        upper_limit varchar(18) NOT NULL,
        count integer NOT NULL,
        ordering smallint NOT NULL,
        direction smallint NOT NULL,
        grouping boolean NOT NULL,
        unique_values boolean NOT NULL,
        seed varchar(100) NOT NULL,
        algorithm smallint NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX rng_file_expires_at ON rng_file (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE rng_file');
  }
}
