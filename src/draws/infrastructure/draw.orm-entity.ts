import type { SeedScheme } from '#rng';
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { BeaconDescriptor } from '../../platform/beacon/beacon.port.js';

const bigintAsNumber = { to: (value: number) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

@Entity({ name: 'draw' })
export class DrawOrmEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'short_code', type: 'text' }) shortCode: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) organisation: string;
  @Column({ type: 'text' }) state: 'draft' | 'scheduled' | 'drawn' | 'cancelled' | 'error';
  @Column({ type: 'text' }) source: 'web' | 'api' | 'test';
  @Column({ type: 'boolean' }) demo: boolean;
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true }) ownerUserId: string | null;
  @Column({ name: 'client_session', type: 'text', nullable: true }) clientSession: string | null;
  @Column({ name: 'entry_method', type: 'text' }) entryMethod: 'simple' | 'upload' | 'uploadAdvanced';
  @Column({ name: 'entry_count', type: 'bigint', transformer: bigintAsNumber }) entryCount: number;
  @Column({ name: 'ticket_count', type: 'bigint', nullable: true, transformer: bigintAsNumber }) ticketCount: number | null;
  @Column({ name: 'entrant_count', type: 'bigint', nullable: true, transformer: bigintAsNumber }) entrantCount: number | null;
  @Column({ name: 'file_name', type: 'text', nullable: true }) fileName: string | null;
  @Column({ name: 'header_row', type: 'boolean' }) headerRow: boolean;
  @Column({ name: 'entry_count_column', type: 'integer', nullable: true }) entryCountColumn: number | null;
  @Column({ name: 'unique_entrant_id_column', type: 'integer', nullable: true }) uniqueEntrantIdColumn: number | null;
  @Column({ name: 'one_win_per_entrant', type: 'boolean' }) oneWinPerEntrant: boolean;
  @Column({ name: 'schedule_date', type: 'timestamptz' }) scheduleDate: Date;
  @Column({ name: 'schedule_time_zone', type: 'text' }) scheduleTimeZone: string;
  @Column({ type: 'bytea' }) seed: Buffer;
  @Column({ name: 'seed_hash', type: 'text' }) seedHash: string;
  @Column({ name: 'seed_scheme', type: 'text' }) seedScheme: SeedScheme;
  @Column({ type: 'jsonb', nullable: true }) beacon: BeaconDescriptor | null;
  @Column({ name: 'beacon_round', type: 'bigint', nullable: true, transformer: bigintAsNumber }) beaconRound: number | null;
  @Column({ name: 'beacon_randomness', type: 'text', nullable: true }) beaconRandomness: string | null;
  @Column({ name: 'beacon_signature', type: 'text', nullable: true }) beaconSignature: string | null;
  @Column({ name: 'beacon_attempts', type: 'integer', default: 0 }) beaconAttempts: number;
  @Column({ name: 'beacon_retry_at', type: 'timestamptz', nullable: true }) beaconRetryAt: Date | null;
  @Column({ name: 'beacon_error', type: 'text', nullable: true }) beaconError: string | null;
  @Column({ name: 'entries_sha256', type: 'text', nullable: true }) entriesSha256: string | null;
  @Column({ name: 'engine_version', type: 'text', nullable: true }) engineVersion: string | null;
  @Column({ name: 'drawn_at', type: 'timestamptz', nullable: true }) drawnAt: Date | null;
  @Column({ name: 'duration_ms', type: 'integer', nullable: true }) durationMs: number | null;
  @Column({ name: 'error_message', type: 'text', nullable: true }) errorMessage: string | null;
  @Column({ name: 'payment_option', type: 'integer' }) paymentOption: number;
  @Column({ name: 'payment_id', type: 'uuid', nullable: true }) paymentId: string | null;
  @Column({ name: 'credit_id', type: 'uuid', nullable: true }) creditId: string | null;
  /** What identifies the submission that made the draw (a hash with its idempotency key), unique per owner. */
  @Column({ name: 'submission_key', type: 'text', nullable: true }) submissionKey: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity({ name: 'draw_prize' })
export class DrawPrizeOrmEntity {
  @PrimaryColumn({ name: 'draw_id', type: 'uuid' }) drawId: string;
  @PrimaryColumn({ type: 'integer' }) position: number;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'integer' }) quantity: number;
  @Column({ type: 'integer' }) reserves: number;
}

@Entity({ name: 'draw_winner' })
export class DrawWinnerOrmEntity {
  @PrimaryColumn({ name: 'draw_id', type: 'uuid' }) drawId: string;
  @PrimaryColumn({ name: 'prize_position', type: 'integer' }) prizePosition: number;
  @PrimaryColumn({ type: 'text' }) kind: 'winner' | 'reserve';
  @PrimaryColumn({ type: 'integer' }) position: number;
  @Column({ name: 'row_index', type: 'bigint', transformer: bigintAsNumber }) rowIndex: number;
  @Column({ type: 'json', nullable: true }) columns: string[] | null;
}
