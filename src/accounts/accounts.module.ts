import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountController } from './api/account.controller.js';
import { ApiKeysController } from './api/api-keys.controller.js';
import { AuthenticationGuard } from './api/auth/authentication.guard.js';
import { LocalStrategy } from './api/auth/local.strategy.js';
import { SessionSerializer } from './api/auth/session.serializer.js';
import { AccountAdministrationService } from './application/account-administration.service.js';
import { AccountLimits } from './application/account-limits.js';
import { AccountService } from './application/account.service.js';
import { ApiKeyService } from './application/api-key.service.js';
import { AccountTokenOrmEntity } from './infrastructure/account-token.orm-entity.js';
import { ApiKeyOrmEntity } from './infrastructure/api-key.orm-entity.js';
import { PgUserSessionRepository } from './infrastructure/pg-user-session.repository.js';
import { TypeormAccountTokenRepository } from './infrastructure/typeorm-account-token.repository.js';
import { TypeormApiKeyRepository } from './infrastructure/typeorm-api-key.repository.js';
import { TypeormUserRepository } from './infrastructure/typeorm-user.repository.js';
import { UserOrmEntity } from './infrastructure/user.orm-entity.js';

@Module({
  imports: [PassportModule.register({ session: true }), TypeOrmModule.forFeature([UserOrmEntity, ApiKeyOrmEntity, AccountTokenOrmEntity])],
  controllers: [AccountController, ApiKeysController],
  providers: [
    AccountService,
    AccountAdministrationService,
    ApiKeyService,
    AccountLimits,
    LocalStrategy,
    SessionSerializer,
    TypeormUserRepository,
    TypeormApiKeyRepository,
    TypeormAccountTokenRepository,
    PgUserSessionRepository,
    // Every route passes through it: it resolves the caller and applies RequireUser/RequireAdmin/RequireSession.
    { provide: APP_GUARD, useClass: AuthenticationGuard },
  ],
  exports: [AccountService, AccountAdministrationService, ApiKeyService],
})
export class AccountsModule {}
