import { Injectable } from '@nestjs/common';
import { RateLimitService, type RateLimitPolicy } from '../../platform/rate-limit/rate-limit.service.js';
import type { UploadLimit } from '../application/upload-entries-file.service.js';

/** Uploads per address, and per account, in an hour: a customer fixing a file uploads a few; a script, hundreds. */
const UPLOADS_PER_HOUR = 60;
/** What an address, and an account, may upload in a day: ten uploads of the full size limit (3,000 MB at 300 MB). */
const FULL_UPLOADS_PER_DAY = 10;
/** The volume is counted in 1/1024ths of the size limit, so the allowance follows the site setting. */
const UNITS_PER_FULL_UPLOAD = 1024;

const TOO_MANY = 'Too many uploads. Please try again in {seconds} seconds.';
const TOO_MUCH = 'You have uploaded as much as is allowed in a day. Please try again in {seconds} seconds.';

/**
 * Rate limits of POST /api/Upload, counted in PostgreSQL (every process shares them) before a byte of the file is
 * read: the number of uploads per hour, and the volume per day, each per address and per account.
 */
@Injectable()
export class UploadRateLimits {
  private readonly perAddress: RateLimitPolicy;
  private readonly perAccount: RateLimitPolicy;
  private readonly volumePerAddress: RateLimitPolicy;
  private readonly volumePerAccount: RateLimitPolicy;

  constructor(limits: RateLimitService) {
    this.perAddress = limits.policy({ name: 'upload-address', points: UPLOADS_PER_HOUR, windowSeconds: 3600, message: TOO_MANY });
    this.perAccount = limits.policy({ name: 'upload-account', points: UPLOADS_PER_HOUR, windowSeconds: 3600, message: TOO_MANY });
    const volume = { points: FULL_UPLOADS_PER_DAY * UNITS_PER_FULL_UPLOAD, windowSeconds: 24 * 3600, message: TOO_MUCH };
    this.volumePerAddress = limits.policy({ name: 'upload-volume-address', ...volume });
    this.volumePerAccount = limits.policy({ name: 'upload-volume-account', ...volume });
  }

  /**
   * Counts one upload of at most `declaredBytes` (the request's Content-Length; unknown for a chunked body, which is
   * then counted at the limit) for the address and the account; throws 429 when one of them is used up.
   */
  async admit(address: string, userId: string | null, declaredBytes: number | null, limit: UploadLimit): Promise<void> {
    const bytes = declaredBytes === null ? limit.bytes : Math.min(declaredBytes, limit.bytes);
    const units = Math.max(1, Math.ceil((bytes * UNITS_PER_FULL_UPLOAD) / limit.bytes));
    await this.perAddress.consume(address);
    if (userId) await this.perAccount.consume(userId);
    await this.volumePerAddress.consume(address, units);
    if (userId) await this.volumePerAccount.consume(userId, units);
  }
}
