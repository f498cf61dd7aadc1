import type { EntriesInspection, EntriesProcessing, Upload } from '../../domain/upload.js';

export interface UploadRepository {
  insert(upload: Upload): Promise<void>;
  findById(id: string): Promise<Upload | null>;
  saveInspection(id: string, inspection: EntriesInspection): Promise<void>;
  saveProcessing(id: string, processing: EntriesProcessing): Promise<void>;
}
