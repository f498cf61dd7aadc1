import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: the public draw log (libs/transparency-log). Entries and the tree's complete subtrees are only ever
 * inserted: a trigger refuses UPDATE, DELETE and TRUNCATE. One tip row serialises appends (SELECT … FOR UPDATE) and
 * holds the frontier, so an append reads and writes O(log n).
 */
export class CreateDrawLog1795693947305 implements MigrationInterface {
  name = 'CreateDrawLog1795693947305';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE draw_log_entry (
      idx bigint PRIMARY KEY,
      draw_id uuid NOT NULL,
      kind text NOT NULL,
      entry text NOT NULL,
      appended_at timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query('CREATE INDEX draw_log_entry_draw ON draw_log_entry (draw_id, idx)');
    // The complete subtree over leaves [idx·2^level, (idx+1)·2^level); level 0 holds the leaf hashes.
    await queryRunner.query(`CREATE TABLE draw_log_node (
      level smallint NOT NULL,
      idx bigint NOT NULL,
      hash bytea NOT NULL,
      PRIMARY KEY (level, idx)
    )`);
    await queryRunner.query(`CREATE TABLE draw_log_tip (
      id smallint PRIMARY KEY CHECK (id = 1),
      size bigint NOT NULL,
      frontier bytea[] NOT NULL
    )`);
    await queryRunner.query(`INSERT INTO draw_log_tip (id, size, frontier) VALUES (1, 0, '{}')`);
    await queryRunner.query(`CREATE TABLE draw_log_head (
      tree_size bigint PRIMARY KEY,
      root_hash text NOT NULL,
      signed_at timestamptz NOT NULL,
      signature text NOT NULL
    )`);
    await queryRunner.query(`CREATE TABLE draw_log_key (
      id smallint PRIMARY KEY CHECK (id = 1),
      private_key text NOT NULL,
      public_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE FUNCTION draw_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'The draw log is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
      END $$`);
    for (const table of ['draw_log_entry', 'draw_log_node', 'draw_log_head']) {
      await queryRunner.query(`CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION draw_log_append_only()`);
      await queryRunner.query(`CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION draw_log_append_only()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['draw_log_key', 'draw_log_head', 'draw_log_tip', 'draw_log_node', 'draw_log_entry']) await queryRunner.query(`DROP TABLE ${table}`);
    await queryRunner.query('DROP FUNCTION draw_log_append_only()');
  }
}
