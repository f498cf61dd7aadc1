import type { Branding, ImageExtension } from '../../domain/branding.js';

/** An image uploaded for branding, kept until a branding of the uploader's draw refers to it. */
export interface BrandingUpload {
  /** The serverFileName: 128 random bits in hex. */
  id: string;
  clientSession: string | null;
  ownerUserId: string | null;
  fileName: string;
  extension: ImageExtension;
  byteSize: number;
  createdAt: Date;
}

export interface BrandingRepository {
  find(drawId: string): Promise<Branding | null>;
  save(drawId: string, ownerUserId: string | null, branding: Branding, at: Date): Promise<void>;
  /** The owner's branded draws, most recently branded first (the reuse list). */
  listForOwner(ownerUserId: string, limit: number): Promise<{ drawId: string; branding: Branding }[]>;
  saveUpload(upload: BrandingUpload): Promise<void>;
  findUpload(id: string): Promise<BrandingUpload | null>;
  /** Ids of uploads made before `before` (oldest first, at most `limit`). */
  uploadsOlderThan(before: Date, limit: number): Promise<string[]>;
  deleteUpload(id: string): Promise<void>;
}
