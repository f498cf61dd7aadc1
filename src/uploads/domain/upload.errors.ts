import { EntriesFileError } from '#entries-file';
import { ApplicationError, type ApplicationErrorKind, NotFoundError } from '../../platform/errors/application-errors.js';
import { UploadMessages } from '#rules';

/** Why an upload is refused; each reason is one kind of application error (413 too large, 415 not multipart, else 400). */
export type UploadRefusal = 'type' | 'empty' | 'size' | 'zip' | 'request' | 'media';

const KIND_OF: Record<UploadRefusal, ApplicationErrorKind> = {
  type: 'rule-broken',
  empty: 'rule-broken',
  size: 'too-large',
  zip: 'rule-broken',
  request: 'rule-broken',
  media: 'unsupported-media',
};

export class UploadRefusedError extends ApplicationError {
  readonly kind: ApplicationErrorKind;

  constructor(
    readonly reason: UploadRefusal,
    message: string,
    /** The request field the message belongs to. */
    readonly field = 'file',
  ) {
    super(message, { [field]: [message] });
    this.kind = KIND_OF[reason];
  }
}

/** No such upload, or not the caller's: the same answer for both, so ids cannot be probed. */
export class UploadNotFoundError extends NotFoundError {
  constructor() {
    super(UploadMessages.fileNotFound);
  }
}

/**
 * The request names a column or a combination the file cannot have. An EntriesFileError, so that callers that only
 * know "the file cannot be drawn from this way" (the draws module) handle it too; the uploads api answers it as a
 * broken rule on its field.
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
