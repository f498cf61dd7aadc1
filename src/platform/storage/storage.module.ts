import { join } from 'node:path';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { AbandonedWritesSweeper } from './abandoned-writes-sweeper.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.port.js';
import { LocalFileStorage } from './local-file-storage.adapter.js';
import { createS3Client, S3FileStorage } from './s3-file-storage.adapter.js';

function createFileStorage(config: ConfigService<Environment, true>): FileStorage {
  const get = <K extends keyof Environment>(key: K) => config.get(key, { infer: true }) as Environment[K];
  if (get('STORAGE') === 'local') return new LocalFileStorage(join(get('DATA_DIR'), 'files'));
  const accessKeyId = get('S3_ACCESS_KEY_ID');
  const secretAccessKey = get('S3_SECRET_ACCESS_KEY');
  const settings = {
    bucket: get('S3_BUCKET') as string,
    prefix: get('S3_PREFIX'),
    region: get('S3_REGION'),
    endpoint: get('S3_ENDPOINT'),
    forcePathStyle: get('S3_FORCE_PATH_STYLE') === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    partSizeBytes: get('S3_PART_SIZE_MB') * 1024 * 1024,
  };
  return new S3FileStorage(createS3Client(settings), settings);
}

/** The file storage port: the local folder DATA_DIR/files, or an S3-compatible bucket with STORAGE=s3. */
@Global()
@Module({
  providers: [{ provide: FILE_STORAGE, inject: [ConfigService], useFactory: createFileStorage }, AbandonedWritesSweeper],
  exports: [FILE_STORAGE],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  onApplicationShutdown(): void {
    if (this.storage instanceof S3FileStorage) this.storage.close();
  }
}
