import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'help_contact' })
export class HelpContactOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text', nullable: true }) organisation: string | null;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'text' }) topic: string;
  @Column({ name: 'draw_id', type: 'text', nullable: true }) drawId: string | null;
  @Column({ type: 'text' }) message: string;
  @Column({ name: 'country_code', type: 'text' }) countryCode: string;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
