import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
// s3rver ships no types; only its constructor, run and close are used.
// @ts-expect-error untyped CommonJS package
import S3rver from 's3rver';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The settings that point the app at this server (STORAGE=s3 and the S3_* variables). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) with one empty bucket, its data in a temporary folder. */
export async function startS3Server(bucket = 'fairdraw-test'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'fairdraw-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
