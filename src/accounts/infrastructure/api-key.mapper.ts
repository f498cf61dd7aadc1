import type { ApiKey } from '../domain/api-key.js';
import type { ApiKeyOrmEntity } from './api-key.orm-entity.js';

export class ApiKeyMapper {
  static toDomain(row: ApiKeyOrmEntity): ApiKey {
    return {
      id: row.id,
      userId: row.userId,
      kind: row.kind,
      prefix: row.prefix,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      revokedAt: row.revokedAt,
    };
  }
}
