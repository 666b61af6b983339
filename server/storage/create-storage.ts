import path from 'node:path';
import type { Env } from '#server/env.ts';
import { createLocalStorage } from './local-storage.ts';
import { type UploadsBucketEnv, uploadsBucketSettings } from './s3-settings.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

type StorageEnv = Pick<Env, 'dataDir'> & UploadsBucketEnv;

/** The storage chosen by configuration: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(env: StorageEnv): Storage {
  const bucket = uploadsBucketSettings(env);
  if (bucket) return createS3Storage(bucket);
  return createLocalStorage(uploadsDir(env.dataDir));
}

/** Where the embedded install keeps uploaded files (backups and migrate-to read it too). */
export const uploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');

/** A human description for the start-up log line. */
export const describeStorage = (env: StorageEnv): string =>
  env.S3_BUCKET
    ? `S3 bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}`
    : `local disk ${uploadsDir(env.dataDir)}`;
