import { randomBytes } from 'node:crypto';
import type { RngFileFormat } from './rng-output.js';
import type { RngMode, RngRequest } from '#rules';

/**
 * A result's download, under an unguessable id: the request (seed and options) in the database, and the result's
 * CSV and TXT files behind the storage port (rngResultKey), so that a download streams stored bytes from any
 * process instead of spending CPU on regenerating up to a million numbers 30 times a minute.
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

/** Where a result's file lives behind the storage port. */
export function rngResultKey(id: string, format: RngFileFormat): string {
  return `generator-results/${id}.${format}`;
}

export const RNG_FILE_FORMATS: readonly RngFileFormat[] = ['csv', 'txt'];

const DOWNLOAD_NAME = /^random-(numbers|sequence)-([0-9a-f]{32})\.(csv|txt)$/;

/** The last segment of /download/numbers/<fileName>.<csv|txt>; null for anything else. */
export function parseRngDownloadName(name: string): { mode: RngMode; id: string; format: RngFileFormat } | null {
  const match = DOWNLOAD_NAME.exec(name);
  if (!match) return null;
  return { mode: match[1] === 'sequence' ? 'sequence' : 'numbers', id: match[2], format: match[3] as RngFileFormat };
}
