import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { validateEnvironment } from './config/environment.js';
import { migrations } from './migrations/index.js';
import { SiteModule } from './site/site.module.js';

export interface AppModuleOptions {
  /** Settings layered over process.env (tests, and main.ts for the embedded database's URL). */
  env?: Record<string, string>;
  databaseUrl: string;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          validate: (raw) => validateEnvironment({ ...raw, ...options.env }),
        }),
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: options.databaseUrl,
          autoLoadEntities: true,
          migrations,
          migrationsRun: true,
          migrationsTransactionMode: 'each',
          synchronize: false,
          logging: ['error', 'migration'],
        }),
        SiteModule,
      ],
    };
  }
}
