import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from '#server/storage/s3-settings.ts';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the app (or a child process) at this server. */
  env: Record<string, string>;
  /** The same as settings, for a storage or client made in the test itself. */
  settings: S3Settings;
  close: () => Promise<void>;
}

const LAUNCHER = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3rver-process.mjs');

/**
 * s3rver (an S3-compatible server from npm) in a child process on a free loopback port, with one
 * empty bucket, keeping its files in a temporary folder. It speaks the protocol the AWS SDK uses with
 * path-style addressing; it does not check signatures or permissions (see docs/operations.md).
 */
export async function startTestS3Server(bucket = 'orbit-test'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', LAUNCHER, directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before it listened`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
