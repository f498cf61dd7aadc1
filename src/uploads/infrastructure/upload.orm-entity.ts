import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

const bigintAsNumber = { to: (v: number) => v, from: (v: string) => Number(v) };

@Entity({ name: 'upload' })
export class UploadOrmEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'client_session', type: 'text' })
  clientSession: string;

  @Column({ name: 'owner_user_id', type: 'text', nullable: true })
  ownerUserId: string | null;

  @Column({ name: 'file_name', type: 'text' })
  fileName: string;

  @Column({ name: 'file_extension', type: 'text' })
  fileExtension: string;

  @Column({ name: 'archived_file_name', type: 'text', nullable: true })
  archivedFileName: string | null;

  @Column({ name: 'archived_file_extension', type: 'text', nullable: true })
  archivedFileExtension: string | null;

  @Column({ name: 'byte_size', type: 'bigint', transformer: bigintAsNumber })
  byteSize: number;

  @Column({ name: 'entries_byte_size', type: 'bigint', transformer: bigintAsNumber })
  entriesByteSize: number;

  @Column({ name: 'entries_sha256', type: 'text' })
  entriesSha256: string;

  @Column({ name: 'entries_encoding', type: 'text' })
  entriesEncoding: string;

  @Column({ type: 'jsonb', nullable: true })
  inspection: object | null;

  @Column({ type: 'jsonb', nullable: true })
  processing: object | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When a draw last took it (TypeormUploadRepository.claim); never read into the domain. */
  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt: Date | null;
}
