import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from './config/environment.js';
import { migrations } from './migrations/index.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { AdminModule } from './admin/admin.module.js';
import { BillingModule } from './billing/billing.module.js';
import { CertificatesModule } from './certificates/certificates.module.js';
import { DrawsModule } from './draws/draws.module.js';
import { DrawLogModule } from './draw-log/draw-log.module.js';
import { ClockModule } from './platform/clock/clock.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { SafeTypeormLogger } from './platform/database/safe-typeorm.logger.js';
import { DownloadsModule } from './platform/downloads/downloads.js';
import { HealthModule } from './platform/health/health.module.js';
import { HumanCheckModule } from './platform/human-check/human-check.module.js';
import { JobsModule } from './platform/jobs/jobs.module.js';
import { MailModule } from './platform/mail/mail.module.js';
import { PublicationModule } from './publication/publication.module.js';
import { RateLimitModule } from './platform/rate-limit/rate-limit.module.js';
import { SiteModule } from './site/site.module.js';
import { ToolsModule } from './tools/tools.module.js';
import { StorageModule } from './platform/storage/storage.module.js';
import { UploadsModule } from './uploads/uploads.module.js';

export interface AppModuleOptions {
  /** The validated settings (src/config/environment.ts). */
  environment: Environment;
  databaseUrl: string;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // The settings were validated once by the caller. ConfigModule must neither read process.env again nor write
        // its values back into it (which leaks one app's settings into the next one in the same process).
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          validatePredefined: false,
          skipProcessEnv: true,
          load: [() => ({ ...options.environment })],
        }),
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: options.databaseUrl,
          autoLoadEntities: true,
          migrations,
          migrationsRun: true,
          migrationsTransactionMode: 'each',
          synchronize: false,
          logging: ['error', 'warn', 'migration'],
          logger: new SafeTypeormLogger(),
        }),
        ClockModule,
        DatabaseModule,
        JobsModule.forRoot(options.databaseUrl),
        HumanCheckModule,
        RateLimitModule,
        MailModule,
        DownloadsModule,
        StorageModule,
        HealthModule,
        SiteModule,
        AccountsModule,
        BillingModule,
        UploadsModule,
        DrawsModule,
        DrawLogModule,
        ToolsModule,
        AdminModule,
        CertificatesModule,
        PublicationModule,
      ],
    };
  }
}
