import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'admin_audit' })
export class AdminAuditOrmEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id: string;
  @Column({ type: 'timestamptz' }) at: Date;
  @Column({ name: 'admin_user_id', type: 'uuid', nullable: true }) adminUserId: string | null;
  @Column({ name: 'admin_email', type: 'text' }) adminEmail: string;
  @Column({ type: 'text' }) action: string;
  @Column({ name: 'customer_user_id', type: 'uuid', nullable: true }) customerUserId: string | null;
  @Column({ type: 'jsonb' }) detail: Record<string, unknown>;
}
