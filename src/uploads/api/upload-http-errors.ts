import { BadRequestException, HttpException, NotFoundException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { ErrorEnvelope } from '../../platform/http/error-envelope.js';
import { EntrySelectionError, UploadNotFoundError, UploadRefusedError } from '../domain/upload.errors.js';
import { UploadMessages } from '../domain/upload-rules.js';

const envelope = (message: string, field: string): ErrorEnvelope => ({ message, modelState: { [field]: [message] } });

/** @fastify/multipart's own refusals, by code. */
const MULTIPART_ERRORS: Record<string, () => HttpException> = {
  FST_FILES_LIMIT: () => new BadRequestException(envelope(UploadMessages.oneFile, 'file')),
  FST_PARTS_LIMIT: () => new BadRequestException({ message: 'The upload has too many parts.' }),
  FST_FIELDS_LIMIT: () => new BadRequestException({ message: 'The upload has too many fields.' }),
  FST_PROTO_VIOLATION: () => new BadRequestException({ message: 'The upload has a field that is not allowed.' }),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new UnsupportedMediaTypeException({ message: UploadMessages.notMultipart }),
};

/** The HTTP answer for the uploads module's errors (413 too large, 415 not multipart, 404 not found or not yours, else 400). */
function toHttpError(error: unknown): unknown {
  if (error instanceof UploadRefusedError) {
    const body = envelope(error.message, error.field);
    if (error.reason === 'size') return new PayloadTooLargeException(body);
    if (error.reason === 'media') return new UnsupportedMediaTypeException(body);
    return new BadRequestException(body);
  }
  if (error instanceof UploadNotFoundError) return new NotFoundException({ message: UploadMessages.fileNotFound });
  if (error instanceof EntrySelectionError) return new BadRequestException(envelope(error.message, error.field));
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && MULTIPART_ERRORS[code]) return MULTIPART_ERRORS[code]();
  return error;
}

/** Runs a use case, answering its errors as HTTP errors. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toHttpError(error);
  }
}
