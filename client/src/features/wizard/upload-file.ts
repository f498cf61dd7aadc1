import type { UploadResultDto } from '../../api/wizard-api';

/** A refused or failed upload, with the server's message when it gave one (part 1 §8 "shown as returned"). */
export class UploadError extends Error {}

const UPLOAD_FALLBACK = 'The upload failed. Please check your connection and try again.';

/**
 * `POST /api/Upload` (multipart file + clientSession) through XMLHttpRequest, because fetch reports no upload
 * progress and files run to hundreds of MB. `onProgress` gets the percentage sent. The signal aborts the upload.
 */
export function uploadEntriesFile(file: File, clientSession: string, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadResultDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/Upload');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = xhr.response as unknown;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        onProgress(100);
        resolve(body as UploadResultDto);
        return;
      }
      reject(new UploadError(messageOf(body) ?? UPLOAD_FALLBACK));
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_FALLBACK));
    xhr.onabort = () => reject(new UploadError('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    // The session first: the server can refuse a bad one before reading the file.
    form.append('clientSession', clientSession);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function messageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { message, modelState } = body as { message?: unknown; modelState?: Record<string, unknown> };
  const file = modelState?.file;
  if (Array.isArray(file) && typeof file[0] === 'string') return file[0];
  return typeof message === 'string' && message ? message : null;
}
