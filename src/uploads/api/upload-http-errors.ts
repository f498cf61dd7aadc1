import { UploadMessages } from '#rules';
import { type ApplicationError, RuleBrokenError, ruleBroken, UnsupportedMediaError } from '../../platform/errors/application-errors.js';
import { EntrySelectionError } from '../domain/upload.errors.js';

/** @fastify/multipart's own refusals, by code, as the application's typed errors (the error filter answers them). */
const MULTIPART_ERRORS: Record<string, () => ApplicationError> = {
  FST_FILES_LIMIT: () => ruleBroken('file', UploadMessages.oneFile),
  FST_PARTS_LIMIT: () => new RuleBrokenError('The upload has too many parts.'),
  FST_FIELDS_LIMIT: () => new RuleBrokenError('The upload has too many fields.'),
  FST_PROTO_VIOLATION: () => new RuleBrokenError('The upload has a field that is not allowed.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new UnsupportedMediaError(UploadMessages.notMultipart),
};

/**
 * The uploads routes' errors that are not typed application errors yet: the multipart parser's, and a column choice
 * the file cannot have (an EntriesFileError for the draws module, a broken rule on its field here).
 */
function asApplicationError(error: unknown): unknown {
  if (error instanceof EntrySelectionError) return ruleBroken(error.field, error.message);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && MULTIPART_ERRORS[code]) return MULTIPART_ERRORS[code]();
  return error;
}

/** Runs a use case, translating the errors above. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApplicationError(error);
  }
}
