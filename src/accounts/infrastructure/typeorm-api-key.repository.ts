import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { currentRepository } from '../../platform/database/transaction-scope.js';
import type { ApiKey, ApiKeyKind } from '../domain/api-key.js';
import { ApiKeyMapper } from './api-key.mapper.js';
import { ApiKeyOrmEntity } from './api-key.orm-entity.js';

@Injectable()
export class TypeormApiKeyRepository {
  constructor(@InjectRepository(ApiKeyOrmEntity) private readonly keys: Repository<ApiKeyOrmEntity>) {}

  async create(key: { userId: string; kind: ApiKeyKind; prefix: string; keyHash: string }): Promise<ApiKey> {
    // In the surrounding transaction, which holds the user's row while the key is made (ApiKeyService.create).
    const keys = currentRepository(this.keys);
    return ApiKeyMapper.toDomain(await keys.save(keys.create(key)));
  }

  async listForUser(userId: string): Promise<ApiKey[]> {
    const rows = await this.keys.find({ where: { userId }, order: { createdAt: 'DESC' } });
    return rows.map((row) => ApiKeyMapper.toDomain(row));
  }

  /** False when the key does not exist, belongs to someone else or was revoked already. */
  async revoke(userId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.keys.update({ id, userId, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
  }

  /** Every key of the user not revoked yet, revoked at `at`; answers how many. */
  async revokeAllForUser(userId: string, at: Date): Promise<number> {
    // With the switch of API access and its audit row, in the surrounding transaction (AdminConsoleService).
    const result = await currentRepository(this.keys).update({ userId, revokedAt: IsNull() }, { revokedAt: at });
    return result.affected ?? 0;
  }

  async findActiveByHash(keyHash: string): Promise<ApiKey | null> {
    const row = await this.keys.findOneBy({ keyHash, revokedAt: IsNull() });
    return row ? ApiKeyMapper.toDomain(row) : null;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.keys.update({ id }, { lastUsedAt: at });
  }
}
