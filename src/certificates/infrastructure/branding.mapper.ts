import type { BrandingUpload, StoredBranding } from '../domain/branding-images.js';
import { type Branding, parseBranding, serialiseBranding } from '#rules';
import type { BrandingUploadOrmEntity, DrawBrandingOrmEntity } from './branding.orm-entity.js';

export class BrandingMapper {
  static toDomain(row: DrawBrandingOrmEntity): Branding {
    return parseBranding(row.spec.serialised);
  }

  static stored(row: DrawBrandingOrmEntity): StoredBranding {
    return { branding: BrandingMapper.toDomain(row), imageKeys: row.imageKeys ?? {} };
  }

  static spec(branding: Branding): { serialised: string } {
    return { serialised: serialiseBranding(branding) };
  }

  static upload(row: BrandingUploadOrmEntity): BrandingUpload {
    return { id: row.id, clientSession: row.clientSession, ownerUserId: row.ownerUserId, fileName: row.fileName, extension: row.extension, byteSize: row.byteSize, createdAt: row.createdAt };
  }
}
