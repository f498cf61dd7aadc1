import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The request behind a generator download (the numbers are regenerated from it). */
@Entity({ name: 'rng_file' })
export class RngFileOrmEntity {
  @PrimaryColumn({ type: 'char', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 8 })
  mode: string;

  /** Decimal digits: the limits go up to 10^18 − 1, beyond JavaScript's exact numbers. */
  @Column({ name: 'lower_limit', type: 'varchar', length: 18 })
  lowerLimit: string;

  @Column({ name: 'upper_limit', type: 'varchar', length: 18 })
  upperLimit: string;

  @Column({ type: 'integer' })
  count: number;

  @Column({ type: 'smallint' })
  ordering: number;

  @Column({ type: 'smallint' })
  direction: number;

  @Column({ type: 'boolean' })
  grouping: boolean;

  @Column({ name: 'unique_values', type: 'boolean' })
  uniqueValues: boolean;

  @Column({ type: 'varchar', length: 100 })
  seed: string;

  @Column({ type: 'smallint' })
  algorithm: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Index('rng_file_expires_at')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
