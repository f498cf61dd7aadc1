import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { NotifiedCache } from '../../platform/database/notified-cache.js';
import type { DrawPublicVersion } from '../application/ports/draw.repository.port.js';

/**
 * The longest a process uses a draw's public version without reading it again, should a notification be lost: well
 * inside the public answers' max-age (PUBLIC_CACHE_MAX_AGE_SECONDS), which shared caches may serve anyway.
 */
const PUBLIC_VERSION_TTL_MS = 1000;
/** The channel the triggers of migration NotifyDrawPublicVersion announce each change on. */
export const DRAW_PUBLIC_VERSION_CHANNEL = 'draw_public_version';

/** The entries a notification ends: its payload is "<id> <old short code> <new short code>" (codes absent for a draft). */
export function drawPublicVersionKeys(payload: string): string[] {
  const [id, ...codes] = payload.split(' ');
  return [`id:${id}`, ...codes.map((code) => `code:${code}`)];
}

/** Some 200 bytes each. */
const VERSIONS_KEPT = 20_000;

/**
 * The draws' public versions as of the last notification (issue 26): every public page view needs its draw's
 * version, and reading it is most of such a view's cost. Kept by id and by short code; the triggers of migration
 * NotifyDrawPublicVersion announce each change (see NotifiedCache for the bounds on staleness).
 */
@Injectable()
export class PublicVersionCache implements OnModuleInit, OnModuleDestroy {
  private readonly cache: NotifiedCache<DrawPublicVersion>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.cache = new NotifiedCache({
      databaseUrl: (dataSource.options as { url: string }).url,
      channel: DRAW_PUBLIC_VERSION_CHANNEL,
      keysOf: drawPublicVersionKeys,
      ttlMs: PUBLIC_VERSION_TTL_MS,
      limit: VERSIONS_KEPT,
    });
  }

  onModuleInit(): void {
    this.cache.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.cache.stop();
  }

  get isListening(): boolean {
    return this.cache.isListening;
  }

  get(ref: { id: string } | { shortCode: string }, read: () => Promise<DrawPublicVersion | null>): Promise<DrawPublicVersion | null> {
    return this.cache.get('id' in ref ? `id:${ref.id}` : `code:${ref.shortCode}`, read);
  }
}
