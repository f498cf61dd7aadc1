import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23: a draw's seed is its server seed (committed to by its SHA-256) mixed with a public beacon round fixed
 * with the draw's time. Draws made before keep their scheme (`seed/1`) and go on verifying as they did.
 */
export class AddDrawBeacon1795682365143 implements MigrationInterface {
  name = 'AddDrawBeacon1795682365143';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE draw ADD COLUMN seed_scheme text NOT NULL DEFAULT 'seed/1'`);
    await queryRunner.query('ALTER TABLE draw ALTER COLUMN seed_scheme DROP DEFAULT');
    // The chain as the draw recorded it: {chainHash, publicKey, genesisTime, period, scheme, independent}.
    await queryRunner.query('ALTER TABLE draw ADD COLUMN beacon jsonb');
    await queryRunner.query('ALTER TABLE draw ADD COLUMN beacon_round bigint');
    await queryRunner.query('ALTER TABLE draw ADD COLUMN beacon_randomness text');
    await queryRunner.query('ALTER TABLE draw ADD COLUMN beacon_signature text');
    // While the round cannot be had: how many tries failed, when to try next, and why (for operators).
    await queryRunner.query('ALTER TABLE draw ADD COLUMN beacon_attempts integer NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE draw ADD COLUMN beacon_retry_at timestamptz');
    await queryRunner.query('ALTER TABLE draw ADD COLUMN beacon_error text');
    await queryRunner.query(`ALTER TABLE draw ADD CONSTRAINT draw_seed_scheme CHECK (seed_scheme IN ('seed/1', 'beacon/1'))`);
    // A beacon draw is never scheduled without its round, and never drawn without the round's randomness.
    await queryRunner.query(`ALTER TABLE draw ADD CONSTRAINT draw_beacon_fixed CHECK (seed_scheme <> 'beacon/1' OR state = 'draft' OR (beacon IS NOT NULL AND beacon_round IS NOT NULL))`);
    await queryRunner.query(
      `ALTER TABLE draw ADD CONSTRAINT draw_beacon_drawn CHECK (seed_scheme <> 'beacon/1' OR state <> 'drawn' OR (beacon_randomness IS NOT NULL AND beacon_signature IS NOT NULL))`,
    );
    await queryRunner.query(`CREATE TABLE local_beacon (
      id smallint PRIMARY KEY CHECK (id = 1),
      secret_key text NOT NULL,
      public_key text NOT NULL,
      genesis_time bigint NOT NULL,
      period integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE local_beacon');
    await queryRunner.query('ALTER TABLE draw DROP CONSTRAINT draw_beacon_drawn');
    await queryRunner.query('ALTER TABLE draw DROP CONSTRAINT draw_beacon_fixed');
    await queryRunner.query('ALTER TABLE draw DROP CONSTRAINT draw_seed_scheme');
    for (const column of ['beacon_error', 'beacon_retry_at', 'beacon_attempts', 'beacon_signature', 'beacon_randomness', 'beacon_round', 'beacon', 'seed_scheme']) {
      await queryRunner.query(`ALTER TABLE draw DROP COLUMN ${column}`);
    }
  }
}
