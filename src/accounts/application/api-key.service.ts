import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { ACCOUNT_MESSAGES } from '#rules';
import { type ApiKey, type ApiKeyKind, generateApiKey, hashApiKey, parseApiKey } from '../domain/api-key.js';
import type { User } from '../domain/user.js';
import { TypeormApiKeyRepository } from '../infrastructure/typeorm-api-key.repository.js';
import { TypeormUserRepository } from '../infrastructure/typeorm-user.repository.js';
import { NotAllowedError, NotFoundError } from '../../platform/errors/application-errors.js';

@Injectable()
export class ApiKeyService {
  constructor(
    private readonly keys: TypeormApiKeyRepository,
    private readonly users: TypeormUserRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(user: User): Promise<ApiKey[]> {
    this.requireApiEnabled(user);
    return this.keys.listForUser(user.id);
  }

  /** The key itself is returned this once; only its hash is kept. */
  async create(user: User, kind: ApiKeyKind): Promise<{ key: string; apiKey: ApiKey }> {
    this.requireApiEnabled(user);
    const generated = generateApiKey(kind);
    const apiKey = await this.keys.create({ userId: user.id, kind, prefix: generated.prefix, keyHash: generated.hash });
    return { key: generated.key, apiKey };
  }

  async revoke(user: User, id: string): Promise<void> {
    if (!(await this.keys.revoke(user.id, id, this.clock.now()))) throw new NotFoundError('API key not found.');
  }

  /** The caller behind an `Authorization: Bearer` key, or null. Revoked keys and disabled API access fail at once. */
  async authenticate(key: string): Promise<{ user: User; kind: ApiKeyKind } | null> {
    if (!parseApiKey(key)) return null;
    const apiKey = await this.keys.findActiveByHash(hashApiKey(key));
    if (!apiKey) return null;
    const user = await this.users.findById(apiKey.userId);
    if (!user || !user.apiEnabled) return null;
    await this.keys.touch(apiKey.id, this.clock.now());
    return { user, kind: apiKey.kind };
  }

  private requireApiEnabled(user: User): void {
    if (!user.apiEnabled) throw new NotAllowedError(ACCOUNT_MESSAGES.apiNotEnabled);
  }
}
