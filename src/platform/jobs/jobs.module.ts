import { type DynamicModule, Global, Module } from '@nestjs/common';
import { JobsService } from './jobs.service.js';

@Global()
@Module({})
export class JobsModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: JobsModule,
      providers: [{ provide: JobsService, useFactory: () => new JobsService(databaseUrl) }],
      exports: [JobsService],
    };
  }
}
