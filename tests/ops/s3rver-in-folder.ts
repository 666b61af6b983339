import { spawn } from 'node:child_process';
import readline from 'node:readline';
import path from 'node:path';
import { type S3Storage, createS3Storage } from '#server/storage/s3-storage.ts';
import { PROJECT_ROOT } from './server-process.ts';

export interface S3rverInFolder {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point a server process at it. */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket's objects, one file per object, dated by its modification time. */
  bucketDir: string;
  /** The bucket opened from the test, to list and read it as the server does (close it before `close`). */
  storage: () => S3Storage;
  close: () => Promise<void>;
}

/**
 * s3rver (server/test-support/s3rver-process.mjs) keeping its objects in a folder the test chooses, so
 * a test can watch uploads arrive in the bucket and age objects as if time had passed (s3rver dates an
 * object by its file's modification time).
 */
export async function startS3rverInFolder(
  directory: string,
  bucket = 'orbit-ops',
  { deleteDelayMs = 0 }: { deleteDelayMs?: number } = {},
): Promise<S3rverInFolder> {
  const launcher = path.join(PROJECT_ROOT, 'server', 'test-support', 's3rver-process.mjs');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', launcher, directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // A slow bucket (each delete answered late), for a test that kills a process part-way through deleting.
    env: { ...process.env, S3RVER_DELETE_DELAY_MS: String(deleteDelayMs) },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    readline
      .createInterface({ input: child.stdout })
      .once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before it listened`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    bucketDir: path.join(directory, bucket),
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    storage: () =>
      createS3Storage({
        bucket,
        region: 'us-east-1',
        endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
