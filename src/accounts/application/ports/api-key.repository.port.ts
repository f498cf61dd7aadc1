import type { ApiKey, ApiKeyKind } from '../../domain/api-key.js';

export interface ApiKeyRepository {
  create(key: { userId: string; kind: ApiKeyKind; prefix: string; keyHash: string }): Promise<ApiKey>;
  listForUser(userId: string): Promise<ApiKey[]>;
  /** False when the key does not exist, belongs to someone else or was revoked already. */
  revoke(userId: string, id: string, at: Date): Promise<boolean>;
  findActiveByHash(keyHash: string): Promise<ApiKey | null>;
  touch(id: string, at: Date): Promise<void>;
}
