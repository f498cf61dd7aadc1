import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { ACCOUNT_MESSAGES } from '#rules';
import { type ApiKey, type ApiKeyKind, generateApiKey, hashApiKey, parseApiKey } from '../domain/api-key.js';
import type { User } from '../domain/user.js';
import { TypeormApiKeyRepository } from '../infrastructure/typeorm-api-key.repository.js';
import { TypeormUserRepository } from '../infrastructure/typeorm-user.repository.js';
import { NotAllowedError, NotFoundError } from '../../platform/errors/application-errors.js';
import { Transactions } from '../../platform/database/transaction-scope.js';

@Injectable()
export class ApiKeyService {
  constructor(
    private readonly keys: TypeormApiKeyRepository,
    private readonly users: TypeormUserRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly transactions: Transactions,
  ) {}

  /** Whatever the API access: a customer whose access was switched off still sees the keys it had, and revokes them. */
  list(user: User): Promise<ApiKey[]> {
    return this.keys.listForUser(user.id);
  }

  /** The key itself is returned this once; only its hash is kept. */
  async create(user: User, kind: ApiKeyKind): Promise<{ key: string; apiKey: ApiKey }> {
    this.requireApiEnabled(user);
    const generated = generateApiKey(kind);
    // The access is read again under the user's row: a switch-off committed since the session was read refuses the key,
    // and one coming now waits for it and revokes it with the others (AccountAdministrationService.setApiEnabled).
    const apiKey = await this.transactions.run(async () => {
      if (!(await this.users.lockApiAccess(user.id))) throw new NotAllowedError(ACCOUNT_MESSAGES.apiNotEnabled);
      return this.keys.create({ userId: user.id, kind, prefix: generated.prefix, keyHash: generated.hash });
    });
    return { key: generated.key, apiKey };
  }

  async revoke(user: User, id: string): Promise<void> {
    if (!(await this.keys.revoke(user.id, id, this.clock.now()))) throw new NotFoundError('API key not found.');
  }

  /**
   * The caller behind an `Authorization: Bearer` key, or null. Revoked keys and disabled API access fail at once (keys
   * are also revoked when the access is switched off, so switching it on again revives none).
   */
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
