import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Counters of rate-limiter-flexible's PostgreSQL store, shared by every app process. */
export class CreateRateLimit1795314178930 implements MigrationInterface {
  name = 'CreateRateLimit1795314178930';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rate_limit (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    await queryRunner.query('CREATE INDEX rate_limit_expire ON rate_limit (expire)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE rate_limit');
  }
}
