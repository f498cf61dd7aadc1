import { randomBytes } from 'node:crypto';
import type { RngFileFormat } from './rng-output.js';
import type { RngMode, RngRequest } from './rng-rules.js';

/**
 * A result's download: only the request (seed and options) is kept, under an unguessable id, and the numbers are
 * regenerated when the file is downloaded. Nothing big is stored, and the file is exactly what the seed gives.
 */
export interface RngFile {
  /** 128 random bits as 32 lower-case hex digits. */
  id: string;
  request: RngRequest;
  /** RNG_ALGORITHM_VERSION when it was made. */
  algorithm: number;
  createdAt: Date;
  expiresAt: Date;
}

/** How long a result can be downloaded. */
export const RNG_FILE_TTL_MS = 24 * 60 * 60 * 1000;

export function newRngFileId(): string {
  return randomBytes(16).toString('hex');
}

/** `random-numbers-<id>` or `random-sequence-<id>`: the response's fileName, without extension. */
export function rngFileName(mode: RngMode, id: string): string {
  return `random-${mode === 'sequence' ? 'sequence' : 'numbers'}-${id}`;
}

const DOWNLOAD_NAME = /^random-(numbers|sequence)-([0-9a-f]{32})\.(csv|txt)$/;

/** The last segment of /download/numbers/<fileName>.<csv|txt>; null for anything else. */
export function parseRngDownloadName(name: string): { mode: RngMode; id: string; format: RngFileFormat } | null {
  const match = DOWNLOAD_NAME.exec(name);
  if (!match) return null;
  return { mode: match[1] === 'sequence' ? 'sequence' : 'numbers', id: match[2], format: match[3] as RngFileFormat };
}
