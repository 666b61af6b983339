import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestS3Server, startTestS3Server } from '#server/test-support/s3-server.ts';
import { createLocalStorage } from './local-storage.ts';
import { IMMUTABLE_CACHE_CONTROL, type S3Storage, createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/**
 * One contract, every implementation: local disk always, and S3 through s3rver (an S3-compatible
 * server started here on a loopback port, path-style addressing, as a self-hosted service needs).
 */
interface Subject {
  name: string;
  open: () => Promise<{ storage: Storage; close: () => Promise<void> }>;
}

const bytes = (n: number, seed = 1): Buffer => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));
const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};
const read = async (storage: Storage, key: string): Promise<Buffer | null> => {
  const object = await storage.get(key);
  return object ? buffer(object.body) : null;
};

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server('orbit-contract');
});
afterAll(() => s3.close());

const subjects: Subject[] = [
  {
    name: 'local disk',
    async open() {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-contract-'));
      return { storage: createLocalStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      const storage = createS3Storage(s3.settings);
      return { storage, close: async () => storage.close() };
    },
  },
];

describe.each(subjects)('storage contract: $name', ({ open }) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it('reads back exactly the bytes it stored, with their size', async () => {
    const body = bytes(300_000);
    await storage.put('img/contract/a-400.jpg', body, 'image/jpeg');
    const object = await storage.get('img/contract/a-400.jpg');
    expect(object?.size).toBe(body.length);
    expect((await buffer(object!.body)).equals(body)).toBe(true);
  });

  it('stores an empty file as an empty file', async () => {
    await storage.put('img/contract/empty.webp', Buffer.alloc(0), 'image/webp');
    const object = await storage.get('img/contract/empty.webp');
    expect(object?.size).toBe(0);
    expect((await buffer(object!.body)).length).toBe(0);
  });

  it('replaces an object written again under the same key', async () => {
    await storage.put('img/contract/b-800.webp', bytes(1000, 1), 'image/webp');
    await storage.put('img/contract/b-800.webp', bytes(10, 2), 'image/webp');
    expect(await read(storage, 'img/contract/b-800.webp')).toEqual(bytes(10, 2));
  });

  it('answers null for a key that was never written', async () => {
    expect(await storage.get('img/contract/never.avif')).toBeNull();
  });

  it('deletes an object, and treats deleting a missing key as done', async () => {
    await storage.put('img/contract/c-400.avif', bytes(50), 'image/avif');
    await storage.delete('img/contract/c-400.avif');
    expect(await storage.get('img/contract/c-400.avif')).toBeNull();
    await expect(storage.delete('img/contract/c-400.avif')).resolves.toBeUndefined();
    await expect(storage.delete('img/nowhere/x.jpg')).resolves.toBeUndefined();
  });

  it('keeps many objects written at once apart', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `img/many/${i}-400.jpg`);
    await Promise.all(keys.map((key, i) => storage.put(key, bytes(100 + i, i), 'image/jpeg')));
    const back = await Promise.all(keys.map((key) => read(storage, key)));
    back.forEach((body, i) => expect(body).toEqual(bytes(100 + i, i)));
  });

  it('refuses keys that could leave the root or are not ours, on every operation', async () => {
    for (const key of ['../etc/passwd', 'img/../../x', '/etc/passwd', 'img/.hidden', 'IMG/A.webp', 'a\\b', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/u);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/u);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/u);
    }
  });
});

describe.each(subjects)('staging contract: $name', ({ open }) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  const stagedIn = async (batch: string): Promise<string[]> =>
    (await collect(storage.stagedEntries()))
      .filter((e) => e.batch === batch)
      .map((e) => e.key)
      .sort();

  it('keeps a staged file out of reach until it is published, then serves it at its key', async () => {
    await storage.stage('batch-a', 'img/staged/a-400.jpg', bytes(2000), 'image/jpeg');
    expect(await storage.get('img/staged/a-400.jpg')).toBeNull();
    expect((await collect(storage.entries('img/staged/'))).map((e) => e.key)).toEqual([]);
    expect(await stagedIn('batch-a')).toEqual(['img/staged/a-400.jpg']);

    await storage.publish('batch-a', 'img/staged/a-400.jpg');
    expect(await read(storage, 'img/staged/a-400.jpg')).toEqual(bytes(2000));
    expect(await stagedIn('batch-a')).toEqual([]);
  });

  it('treats publishing a file that another process already published as done', async () => {
    await storage.stage('batch-b', 'img/staged/b-400.jpg', bytes(10), 'image/jpeg');
    await storage.publish('batch-b', 'img/staged/b-400.jpg');
    await expect(storage.publish('batch-b', 'img/staged/b-400.jpg')).resolves.toBeUndefined();
    await expect(storage.publish('batch-b', 'img/staged/never-400.jpg')).rejects.toThrow();
  });

  it('discards everything a batch staged, and only that batch', async () => {
    await storage.stage('batch-c', 'img/c/1-400.jpg', bytes(10), 'image/jpeg');
    await storage.stage('batch-c', 'img/c/1-800.webp', bytes(10), 'image/webp');
    await storage.stage('batch-d', 'img/d/1-400.jpg', bytes(10), 'image/jpeg');
    await storage.discard('batch-c');
    expect(await stagedIn('batch-c')).toEqual([]);
    expect(await stagedIn('batch-d')).toEqual(['img/d/1-400.jpg']);
    await expect(storage.discard('batch-c')).resolves.toBeUndefined();
    await storage.discard('batch-d');
  });

  it('lists published files under a prefix with their modification time, and nothing outside it', async () => {
    const before = Date.now() - 60_000;
    await storage.put('img/listed/1-400.jpg', bytes(5), 'image/jpeg');
    await storage.put('img/listed/2-400.jpg', bytes(5), 'image/jpeg');
    await storage.put('img/listedx/3-400.jpg', bytes(5), 'image/jpeg');
    const entries = await collect(storage.entries('img/listed/'));
    expect(entries.map((e) => e.key).sort()).toEqual(['img/listed/1-400.jpg', 'img/listed/2-400.jpg']);
    for (const e of entries) expect(e.modifiedAt.getTime()).toBeGreaterThan(before);
  });

  it('writes nothing beside the final files when putting one straight to its key', async () => {
    await storage.put('img/direct-put/1-400.jpg', bytes(5), 'image/jpeg');
    expect((await collect(storage.entries('img/direct-put/'))).map((e) => e.key)).toEqual(['img/direct-put/1-400.jpg']);
    expect((await collect(storage.stagedEntries())).filter((e) => e.key.startsWith('img/direct-put/'))).toEqual([]);
  });

  it("refuses batch names and prefixes that could leave the staging area or an owner's files", async () => {
    for (const batch of ['', '../x', 'a/b', '.hidden', 'A']) {
      await expect(storage.stage(batch, 'img/x/y.jpg', bytes(1), 'image/jpeg')).rejects.toThrow(
        /Invalid staging batch/u,
      );
      await expect(storage.discard(batch)).rejects.toThrow(/Invalid staging batch/u);
    }
    for (const prefix of ['img', '', '../', '.staging/']) {
      await expect(collect(storage.entries(prefix))).rejects.toThrow(/Invalid storage prefix/u);
    }
  });
});

describe('S3 storage specifics', () => {
  let storage: S3Storage;
  beforeAll(() => {
    storage = createS3Storage(s3.settings);
  });
  afterAll(() => storage.close());

  it('stores the content type and a year-long immutable cache, so the bucket can serve browsers directly', async () => {
    await storage.put('img/direct/d-400.webp', bytes(64), 'image/webp');
    // What a browser does with PUBLIC_ASSET_BASE_URL=<endpoint>/<bucket>: a plain GET, no credentials.
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/img/direct/d-400.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes(64));
  });

  it('lists every key, across pages of results', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `img/list/${String(i).padStart(4, '0')}.jpg`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from('x'), 'image/jpeg')));
    }
    const listed: string[] = [];
    for await (const key of storage.list()) if (key.startsWith('img/list/')) listed.push(key);
    expect(listed).toEqual(keys);
  }, 120_000);

  it('fails loudly, not with null, when the bucket does not exist', async () => {
    const wrong = createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    try {
      await expect(wrong.put('img/x/y.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
      await expect(wrong.get('img/x/y.jpg')).rejects.toThrow();
    } finally {
      wrong.close();
    }
  });
});
