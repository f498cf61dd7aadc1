import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDraws1795315593782 implements MigrationInterface {
  name = 'CreateDraws1795315593782';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE draw (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        short_code text NOT NULL UNIQUE,
        name text NOT NULL,
        organisation text NOT NULL,
        state text NOT NULL CHECK (state IN ('draft', 'scheduled', 'drawn', 'cancelled', 'error')),
        source text NOT NULL CHECK (source IN ('web', 'api', 'test')),
        demo boolean NOT NULL DEFAULT false,
        owner_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        client_session text,
        entry_method text NOT NULL CHECK (entry_method IN ('simple', 'upload', 'uploadAdvanced')),
        entry_count bigint NOT NULL,
        file_name text,
        header_row boolean NOT NULL DEFAULT false,
        entry_count_column integer,
        unique_entrant_id_column integer,
        one_win_per_entrant boolean NOT NULL DEFAULT false,
        schedule_date timestamptz NOT NULL,
        schedule_time_zone text NOT NULL DEFAULT 'UTC',
        seed bytea NOT NULL CHECK (length(seed) = 32),
        seed_hash text NOT NULL,
        entries_sha256 text,
        engine_version text,
        drawn_at timestamptz,
        duration_ms integer,
        error_message text,
        payment_option integer NOT NULL,
        payment_id uuid REFERENCES payment (id),
        credit_id uuid REFERENCES credit (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX draw_owner ON draw (owner_user_id, schedule_date DESC)');
    await queryRunner.query(`CREATE INDEX draw_due ON draw (schedule_date) WHERE state = 'scheduled'`);
    await queryRunner.query(`
      CREATE TABLE draw_prize (
        draw_id uuid NOT NULL REFERENCES draw (id) ON DELETE CASCADE,
        position integer NOT NULL,
        description text NOT NULL,
        quantity integer NOT NULL CHECK (quantity >= 1),
        reserves integer NOT NULL CHECK (reserves >= 0),
        PRIMARY KEY (draw_id, position)
      )`);
    await queryRunner.query(`
      CREATE TABLE draw_winner (
        draw_id uuid NOT NULL REFERENCES draw (id) ON DELETE CASCADE,
        prize_position integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('winner', 'reserve')),
        position integer NOT NULL,
        row_index bigint NOT NULL,
        columns jsonb,
        PRIMARY KEY (draw_id, prize_position, kind, position)
      )`);
    await queryRunner.query(`
      CREATE TABLE draw_audit (
        id bigserial PRIMARY KEY,
        draw_id uuid NOT NULL REFERENCES draw (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        from_state text,
        to_state text NOT NULL,
        actor text NOT NULL,
        detail text
      )`);
    await queryRunner.query('CREATE INDEX draw_audit_draw ON draw_audit (draw_id, id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['draw_audit', 'draw_winner', 'draw_prize', 'draw']) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
