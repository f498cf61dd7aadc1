import { createHash, randomBytes } from 'node:crypto';

/** Live keys make real draws; test keys make draws marked test (DESIGN.md "Draw source"). */
export type ApiKeyKind = 'live' | 'test';

export interface ApiKey {
  id: string;
  userId: string;
  kind: ApiKeyKind;
  /** The first characters of the key, shown so the owner can tell keys apart. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const KEY_PATTERN = /^fd_(live|test)_([A-Za-z0-9_-]{43})$/;

/**
 * A new key: `fd_live_` or `fd_test_` and 256 random bits. Only its SHA-256 is stored: the key is as random as a
 * password hash's output, so a slow hash would add nothing but latency to every API call.
 */
export function generateApiKey(kind: ApiKeyKind): { key: string; prefix: string; hash: string } {
  const key = `fd_${kind}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 12), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function parseApiKey(key: string): { kind: ApiKeyKind } | undefined {
  const match = KEY_PATTERN.exec(key);
  return match ? { kind: match[1] as ApiKeyKind } : undefined;
}
