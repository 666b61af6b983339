/**
 * The off-site copy: each backup uploaded to an S3-compatible bucket of its own (BACKUP_S3_*, separate
 * from the uploads bucket), checked after upload by its size and its MD5 (the ETag of a single PUT),
 * kept by the same retention rule as the local folder. An outage is tried again and reported; the local
 * backup stays good either way.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { backupTime } from '#common/backups.ts';
import type { Env } from '#server/env.ts';
import { type S3Settings, backupBucketSettings, s3ClientConfig, s3Sdk } from '#server/storage/s3-settings.ts';
import { type KeepRule, retained } from './retention.ts';

export interface OffsiteOptions extends S3Settings {
  /** Objects are named `<prefix><archive name>`. */
  prefix: string;
  /** Waits between tries of one upload, in milliseconds (tests give zeros). */
  retryDelaysMs: readonly number[];
}

export const offsiteOptions = (env: Env): OffsiteOptions | undefined => {
  const bucket = backupBucketSettings(env);
  return bucket ? { ...bucket, prefix: env.BACKUP_S3_PREFIX, retryDelaysMs: [5_000, 30_000] } : undefined;
};

const md5Of = async (file: string): Promise<string> => {
  const hash = createHash('md5');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failure in one line: the service's error name (NoSuchBucket, AccessDenied) or the system's, and its message. */
export const offsiteFailure = (err: unknown): string => {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: string }).code;
  const label = code ?? (err.name === 'Error' ? undefined : err.name);
  return label && !err.message.includes(label) ? `${label}: ${err.message}` : err.message;
};

export function createOffsite(options: OffsiteOptions) {
  const { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } = s3Sdk();
  const client = new S3Client({
    ...s3ClientConfig(options),
    // Tries are counted here, with their waits, so that each failure is logged and reported.
    maxAttempts: 1,
    // A new connection for each request: a kept-alive one that the service closes just as the next request
    // leaves (its idle timeout, while a large backup was being made) fails that request, which would count as a
    // failed try though nothing was wrong. A handful of requests a day gains nothing from reusing connections.
    requestHandler: {
      httpAgent: new http.Agent({ keepAlive: false }),
      httpsAgent: new https.Agent({ keepAlive: false }),
    },
    // The body as it is, checked by its Content-MD5: many S3-compatible services store the SDK's newer
    // chunked-with-checksum encoding as part of the object (s3rver does: the copy came back 44 bytes longer).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket, prefix } = options;

  /** The archives in the bucket, by name. */
  async function list(): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(prefix.length);
        if (name && backupTime(name)) found.set(name, object.Size ?? 0);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  /** One upload and its check: the object's size and MD5 must be the file's. */
  async function uploadOnce(file: string, name: string): Promise<void> {
    const { size } = await fs.promises.stat(file);
    const md5 = await md5Of(file);
    const put = await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `${prefix}${name}`,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: 'application/gzip',
        ContentMD5: Buffer.from(md5, 'hex').toString('base64'),
      }),
    );
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
    const etag = (head.ETag ?? put.ETag ?? '').replaceAll('"', '');
    if (head.ContentLength !== size)
      throw new Error(`the copy in the bucket has ${head.ContentLength} bytes, the backup ${size}`);
    if (etag !== md5) throw new Error(`the copy in the bucket has the checksum ${etag}, the backup ${md5}`);
  }

  /**
   * Uploads `name` from `file`, trying again after each wait in retryDelaysMs. Resolves with the number
   * of tries; rejects with the last failure when every try failed.
   */
  async function upload(
    file: string,
    name: string,
    onFailure: (attempt: number, err: unknown) => void,
  ): Promise<number> {
    const waits = [...options.retryDelaysMs];
    for (let attempt = 1; ; attempt++) {
      try {
        await uploadOnce(file, name);
        return attempt;
      } catch (err) {
        onFailure(attempt, err);
        const wait = waits.shift();
        if (wait === undefined) throw err;
        await sleep(wait);
      }
    }
  }

  /** The retention rule applied to the bucket's archives; answers the names removed. */
  async function prune(keep: KeepRule): Promise<string[]> {
    const names = [...(await list()).keys()];
    const kept = retained(
      names.map((name) => ({ name, createdAt: backupTime(name)! })),
      keep,
    );
    const removed = names.filter((name) => !kept.has(name));
    for (const name of removed) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
    return removed;
  }

  return { bucket, list, upload, prune, close: () => client.destroy() };
}

export type Offsite = ReturnType<typeof createOffsite>;
