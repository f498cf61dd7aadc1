import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The draw list's total read from a counter per (owner, source, state) instead of counting every draw of the owner on
 * each page (a customer with 10,000 draws: a 7 ms scan per page, the list's bottleneck under load). Statement-level
 * triggers keep it exact in the same transaction as the change, however the draws are written (the app, bulk SQL, a
 * deleted owner's SET NULL); rows are locked in key order so concurrent writers cannot deadlock on it.
 */
export class AddDrawOwnerCount1795328610263 implements MigrationInterface {
  name = 'AddDrawOwnerCount1795328610263';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE draw_owner_count (
        owner_user_id uuid NOT NULL,
        source text NOT NULL,
        state text NOT NULL,
        draws integer NOT NULL,
        PRIMARY KEY (owner_user_id, source, state)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION draw_owner_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO draw_owner_count AS c (owner_user_id, source, state, draws)
            SELECT owner_user_id, source, state, count(*) FROM new_rows WHERE owner_user_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (owner_user_id, source, state) DO UPDATE SET draws = c.draws + EXCLUDED.draws;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO draw_owner_count AS c (owner_user_id, source, state, draws)
            SELECT owner_user_id, source, state, -count(*) FROM old_rows WHERE owner_user_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (owner_user_id, source, state) DO UPDATE SET draws = c.draws + EXCLUDED.draws;
        ELSE
          -- Most updates (a saved wizard step, a draw executed) change no key: nothing is written then.
          INSERT INTO draw_owner_count AS c (owner_user_id, source, state, draws)
            SELECT owner_user_id, source, state, sum(delta) FROM (
              SELECT owner_user_id, source, state, 1 AS delta FROM new_rows WHERE owner_user_id IS NOT NULL
              UNION ALL
              SELECT owner_user_id, source, state, -1 FROM old_rows WHERE owner_user_id IS NOT NULL
            ) changes GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
            ON CONFLICT (owner_user_id, source, state) DO UPDATE SET draws = c.draws + EXCLUDED.draws;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION draw_owner_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM draw_owner_count;
        RETURN NULL;
      END $$`);
    await queryRunner.query('CREATE TRIGGER draw_owner_count_insert AFTER INSERT ON draw REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION draw_owner_count_change()');
    await queryRunner.query(
      'CREATE TRIGGER draw_owner_count_update AFTER UPDATE ON draw REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION draw_owner_count_change()',
    );
    await queryRunner.query('CREATE TRIGGER draw_owner_count_delete AFTER DELETE ON draw REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION draw_owner_count_change()');
    await queryRunner.query('CREATE TRIGGER draw_owner_count_truncate AFTER TRUNCATE ON draw FOR EACH STATEMENT EXECUTE FUNCTION draw_owner_count_truncate()');
    await queryRunner.query(
      'INSERT INTO draw_owner_count (owner_user_id, source, state, draws) SELECT owner_user_id, source, state, count(*) FROM draw WHERE owner_user_id IS NOT NULL GROUP BY 1, 2, 3',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['insert', 'update', 'delete', 'truncate']) await queryRunner.query(`DROP TRIGGER draw_owner_count_${trigger} ON draw`);
    await queryRunner.query('DROP FUNCTION draw_owner_count_change()');
    await queryRunner.query('DROP FUNCTION draw_owner_count_truncate()');
    await queryRunner.query('DROP TABLE draw_owner_count');
  }
}
