import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { FILE_STORAGE } from './file-storage.port.js';
import { LocalFileStorage } from './local-file-storage.adapter.js';

/** The file storage port, bound to the local folder DATA_DIR/files (an S3-compatible adapter is a later issue). */
@Global()
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => new LocalFileStorage(join(config.get('DATA_DIR', { infer: true }), 'files')),
    },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
