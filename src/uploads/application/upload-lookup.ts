import { Injectable } from '@nestjs/common';
import { canAccess, UPLOAD_ID_PATTERN, type Upload, type UploadAccess } from '../domain/upload.js';
import { UploadNotFoundError } from '../domain/upload.errors.js';
import { TypeormUploadRepository } from '../infrastructure/typeorm-upload.repository.js';

/** Finds an upload for whoever asks: its client session or its owner, else "not found" (never "not yours"). */
@Injectable()
export class UploadLookup {
  constructor(private readonly uploads: TypeormUploadRepository) {}

  async find(fileName: string, access: UploadAccess): Promise<Upload> {
    if (!UPLOAD_ID_PATTERN.test(fileName)) throw new UploadNotFoundError();
    const upload = await this.uploads.findById(fileName);
    if (upload === null || !canAccess(upload, access)) throw new UploadNotFoundError();
    return upload;
  }

  /** Takes the upload for a draw being stored, in the draw's transaction: UploadNotFoundError when it is gone. */
  async claim(fileName: string, at: Date): Promise<void> {
    if (!(await this.uploads.claim(fileName, at))) throw new UploadNotFoundError();
  }
}
