import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'draw_branding' })
export class DrawBrandingOrmEntity {
  @PrimaryColumn({ name: 'draw_id', type: 'uuid' }) drawId: string;
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true }) ownerUserId: string | null;
  /** The branding in its compact serialisation (domain/branding.ts), so one format is stored, sent and hashed. */
  @Column({ type: 'jsonb' }) spec: { serialised: string };
  /** Where the images are stored, by slot (BrandingImageKeys); `{}` for a row saved before keys were recorded. */
  @Column({ name: 'image_keys', type: 'jsonb', default: () => "'{}'::jsonb" }) imageKeys: Partial<Record<string, string>>;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

@Entity({ name: 'branding_upload' })
export class BrandingUploadOrmEntity {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ name: 'client_session', type: 'text', nullable: true }) clientSession: string | null;
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true }) ownerUserId: string | null;
  @Column({ name: 'file_name', type: 'text' }) fileName: string;
  @Column({ type: 'text' }) extension: 'png' | 'jpg';
  @Column({ name: 'byte_size', type: 'integer' }) byteSize: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
