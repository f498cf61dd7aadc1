import { Inject, Injectable } from '@nestjs/common';
import { canAccess, UPLOAD_ID_PATTERN, type Upload, type UploadAccess } from '../domain/upload.js';
import { UploadNotFoundError } from '../domain/upload.errors.js';
import { UPLOAD_REPOSITORY } from '../uploads.tokens.js';
import type { UploadRepository } from './ports/upload.repository.port.js';

/** Finds an upload for whoever asks: its client session or its owner, else "not found" (never "not yours"). */
@Injectable()
export class UploadLookup {
  constructor(@Inject(UPLOAD_REPOSITORY) private readonly uploads: UploadRepository) {}

  async find(fileName: string, access: UploadAccess): Promise<Upload> {
    if (!UPLOAD_ID_PATTERN.test(fileName)) throw new UploadNotFoundError();
    const upload = await this.uploads.findById(fileName);
    if (upload === null || !canAccess(upload, access)) throw new UploadNotFoundError();
    return upload;
  }
}
