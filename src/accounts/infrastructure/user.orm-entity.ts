import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'users' })
export class UserOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName: string;

  @Column({ name: 'is_agent', type: 'boolean', default: false })
  isAgent: boolean;

  @Column({ name: 'agent_organisation', type: 'text', nullable: true })
  agentOrganisation: string | null;

  @Column({ name: 'opted_into_communication', type: 'boolean', default: false })
  optedIntoCommunication: boolean;

  @Column({ type: 'text', default: 'user' })
  role: 'user' | 'admin';

  @Column({ name: 'api_enabled', type: 'boolean', default: false })
  apiEnabled: boolean;

  @Column({ name: 'email_confirmed_at', type: 'timestamptz', nullable: true })
  emailConfirmedAt: Date | null;

  @Column({ name: 'address_line_one', type: 'text', nullable: true })
  addressLineOne: string | null;

  @Column({ name: 'address_line_two', type: 'text', nullable: true })
  addressLineTwo: string | null;

  @Column({ name: 'address_city', type: 'text', nullable: true })
  addressCity: string | null;

  @Column({ name: 'address_state', type: 'text', nullable: true })
  addressState: string | null;

  @Column({ name: 'address_postcode', type: 'text', nullable: true })
  addressPostcode: string | null;

  @Column({ name: 'address_country_code', type: 'text', nullable: true })
  addressCountryCode: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
