import { EntriesFileError } from './entries-file/entries-file.error.js';

/** Why an upload is refused; the api layer maps each reason to its status. */
export type UploadRefusal = 'type' | 'empty' | 'size' | 'zip' | 'request' | 'media';

export class UploadRefusedError extends Error {
  constructor(
    readonly reason: UploadRefusal,
    message: string,
    /** The request field the message belongs to. */
    readonly field = 'file',
  ) {
    super(message);
    this.name = 'UploadRefusedError';
  }
}

/** No such upload, or not the caller's: the same answer for both, so ids cannot be probed. */
export class UploadNotFoundError extends Error {
  constructor() {
    super('File not found.');
    this.name = 'UploadNotFoundError';
  }
}

/**
 * The request names a column or a combination the file cannot have. An EntriesFileError, so that callers that only
 * know "the file cannot be drawn from this way" (the draws module) handle it too.
 */
export class EntrySelectionError extends EntriesFileError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'EntrySelectionError';
  }
}
