import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type Storage, type StoredObject, assertValidKey } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Garage, R2, ...); unset for AWS itself. */
  endpoint?: string | undefined;
  /** Credentials; unset to use the SDK's default chain (instance role, AWS_* variables, ...). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`: most self-hosted services need it. */
  forcePathStyle?: boolean;
}

export interface S3Storage extends Storage {
  /** Every key in the bucket (for migrate-to's verification and the tests), in key order. */
  list(): AsyncIterable<string>;
  /** Releases the client's sockets. */
  close(): void;
}

/** Object keys are content-addressed, so a browser or CDN may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A missing key, not a missing bucket: a wrong bucket name must fail loudly, not look like an empty one. */
const isMissingKey = (err: unknown): boolean =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || (err.$metadata.httpStatusCode === 404 && err.name !== 'NoSuchBucket'));

/** Uploaded files in an S3-compatible bucket, chosen at start-up when S3_BUCKET is set. */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });

  return {
    async put(key, body, contentType) {
      assertValidKey(key);
      // One PUT: S3 stores an object whole or not at all, so readers never see half a file.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },

    async get(key): Promise<StoredObject | null> {
      assertValidKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!res.Body || res.ContentLength === undefined) return null;
        return { body: res.Body as Readable, size: res.ContentLength };
      } catch (err) {
        if (isMissingKey(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (err) {
        if (!isMissingKey(err)) throw err;
      }
    },

    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    close: () => client.destroy(),
  };
}
