import type { EntriesInspection, EntriesProcessing, Upload } from '../../domain/upload.js';

export interface UploadRepository {
  insert(upload: Upload): Promise<void>;
  findById(id: string): Promise<Upload | null>;
  saveInspection(id: string, inspection: EntriesInspection): Promise<void>;
  saveProcessing(id: string, processing: EntriesProcessing): Promise<void>;
  /** Ids of uploads made before `before`, in id order after `afterId` (a page of at most `limit`). */
  idsCreatedBefore(before: Date, afterId: string, limit: number): Promise<string[]>;
  delete(id: string): Promise<void>;
}
