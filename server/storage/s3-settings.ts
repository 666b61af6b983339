/**
 * The one mapping from configuration to an S3 client: the uploads bucket (S3_*) and the off-site backup bucket
 * (BACKUP_S3_*) are read by the same shape, and every client of either is built from it.
 */
import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import type { Env } from '#server/env.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Garage, R2, ...); unset for AWS itself. */
  endpoint?: string | undefined;
  /** Credentials; unset to use the SDK's default chain (instance role, AWS_* variables, ...). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`: most self-hosted services need it. */
  forcePathStyle?: boolean | undefined;
}

export type UploadsBucketEnv = Pick<
  Env,
  'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

export type BackupBucketEnv = Pick<
  Env,
  | 'BACKUP_S3_BUCKET'
  | 'BACKUP_S3_ENDPOINT'
  | 'BACKUP_S3_REGION'
  | 'BACKUP_S3_ACCESS_KEY_ID'
  | 'BACKUP_S3_SECRET_ACCESS_KEY'
  | 'BACKUP_S3_FORCE_PATH_STYLE'
>;

/** A bucket named apart (migrate-to's --s3) reached with the uploads bucket's S3_* endpoint, region and keys. */
export const uploadsBucketNamed = (env: Omit<UploadsBucketEnv, 'S3_BUCKET'>, bucket: string): S3Settings => ({
  bucket,
  region: env.S3_REGION,
  endpoint: env.S3_ENDPOINT,
  accessKeyId: env.S3_ACCESS_KEY_ID,
  secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  forcePathStyle: env.S3_FORCE_PATH_STYLE,
});

/** The uploads bucket (S3_*), or undefined when uploaded files stay in DATA_DIR/uploads. */
export const uploadsBucketSettings = (env: UploadsBucketEnv): S3Settings | undefined =>
  env.S3_BUCKET ? uploadsBucketNamed(env, env.S3_BUCKET) : undefined;

/** The off-site backup bucket (BACKUP_S3_*), never the uploads bucket's settings; undefined when none is set. */
export const backupBucketSettings = (env: BackupBucketEnv): S3Settings | undefined =>
  env.BACKUP_S3_BUCKET
    ? {
        bucket: env.BACKUP_S3_BUCKET,
        region: env.BACKUP_S3_REGION,
        endpoint: env.BACKUP_S3_ENDPOINT,
        accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
        secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.BACKUP_S3_FORCE_PATH_STYLE,
      }
    : undefined;

/** The S3 client's settings for a bucket: credentials only when both halves are given. */
export const s3ClientConfig = (settings: S3Settings): S3.S3ClientConfig => ({
  region: settings.region,
  ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
  forcePathStyle: settings.forcePathStyle ?? false,
  ...(settings.accessKeyId && settings.secretAccessKey
    ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
    : {}),
});

const requireHere = createRequire(import.meta.url);

/**
 * The AWS SDK's S3 client, loaded by the first bucket configured: about 5 MB of the server's heap and 20 MB of
 * its memory that an install keeping its files on its own disk, with no off-site copy, never needs. (The
 * package's one build is CommonJS, so this is the same module an `import` of it gives.)
 */
export const s3Sdk = (): typeof S3 => requireHere('@aws-sdk/client-s3') as typeof S3;
