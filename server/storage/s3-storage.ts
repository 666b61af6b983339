import type { Readable } from 'node:stream';
import type { _Object } from '@aws-sdk/client-s3';
import { outOfSpaceChecked } from './out-of-space.ts';
import { type S3Settings, s3ClientConfig, s3Sdk } from './s3-settings.ts';
import {
  STAGING_PREFIX,
  type Storage,
  type StoredObject,
  assertValidBatch,
  assertValidKey,
  assertValidPrefix,
} from './storage.ts';

/** A bucket's settings (server/storage/s3-settings.ts maps them from the environment). */
export type S3StorageOptions = S3Settings;

export interface S3Storage extends Storage {
  /** Every key in the bucket (for migrate-to's verification and the tests), in key order. */
  list(): AsyncIterable<string>;
  /** Every published object (the staging area left out), in key order, with its size and the bucket's checksum (ETag). */
  published(): AsyncIterable<{ key: string; bytes: number; etag: string }>;
  /** Releases the client's sockets. */
  close(): void;
}

/** Object keys are content-addressed, so a browser or CDN may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A missing key, not a missing bucket: a wrong bucket name must fail loudly, not look like an empty one. */
const isMissingKey = (err: unknown): boolean =>
  err instanceof s3Sdk().S3ServiceException &&
  (err.name === 'NoSuchKey' || (err.$metadata.httpStatusCode === 404 && err.name !== 'NoSuchBucket'));

/** An object listed without a date counts as new, so a sweep never removes it on a guess. */
const listedAt = (object: _Object): Date => object.LastModified ?? new Date();

/** Uploaded files in an S3-compatible bucket, chosen at start-up when S3_BUCKET is set. */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const {
    CopyObjectCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = s3Sdk();
  const client = new S3Client(s3ClientConfig(options));

  const stagingPrefix = (batch: string): string => {
    assertValidBatch(batch);
    return `${STAGING_PREFIX}/${batch}/`;
  };
  const stagedKey = (batch: string, key: string): string => {
    assertValidKey(key);
    return `${stagingPrefix(batch)}${key}`;
  };

  /** One PUT: S3 stores an object whole or not at all, so readers never see half a file. */
  const putObject = (key: string, body: Buffer, contentType: string) =>
    outOfSpaceChecked(() =>
      client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      ),
    );

  const deleteObject = async (key: string): Promise<void> => {
    try {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    } catch (err) {
      if (!isMissingKey(err)) throw err;
    }
  };

  const exists = async (key: string): Promise<boolean> => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissingKey(err)) return false;
      throw err;
    }
  };

  async function* objects(prefix?: string): AsyncIterable<_Object & { Key: string }> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield { ...object, Key: object.Key };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    async put(key, body, contentType) {
      assertValidKey(key);
      await putObject(key, body, contentType);
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
      await deleteObject(key);
    },

    async stage(batch, key, body, contentType) {
      await putObject(stagedKey(batch, key), body, contentType);
    },

    /** S3 has no rename: a server-side copy (type and cache headers included), then the staged object goes. */
    async publish(batch, key) {
      const from = stagedKey(batch, key);
      try {
        await outOfSpaceChecked(() =>
          client.send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: key,
              CopySource: `${bucket}/${from}`,
              MetadataDirective: 'COPY',
            }),
          ),
        );
      } catch (err) {
        // A sweep in another process may have published it first.
        if (isMissingKey(err) && (await exists(key))) return;
        throw err;
      }
      await deleteObject(from);
    },

    async discard(batch) {
      for await (const object of objects(stagingPrefix(batch))) await deleteObject(object.Key);
    },

    async *entries(prefix) {
      assertValidPrefix(prefix);
      for await (const object of objects(prefix)) {
        yield { key: object.Key, modifiedAt: listedAt(object) };
      }
    },

    async *stagedEntries() {
      for await (const object of objects(`${STAGING_PREFIX}/`)) {
        const [batch, ...rest] = object.Key.slice(STAGING_PREFIX.length + 1).split('/');
        if (!batch || rest.length === 0) continue;
        yield { batch, key: rest.join('/'), modifiedAt: listedAt(object) };
      }
    },

    // A bucket has no folders: a batch with no object left does not exist, so none is ever empty.
    async *emptyBatches() {},

    async *list() {
      for await (const object of objects()) yield object.Key;
    },

    async *published() {
      for await (const object of objects()) {
        if (object.Key.startsWith(`${STAGING_PREFIX}/`)) continue;
        yield { key: object.Key, bytes: object.Size ?? 0, etag: (object.ETag ?? '').replaceAll('"', '') };
      }
    },

    close: () => client.destroy(),
  };
}
