import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { storedSource } from './photo-source.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-photo-source-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('a stored file handed to the photo process', () => {
  const local = createLocalStorage(root);

  it('is its path when the uploads are a folder here, the file itself at that path', async () => {
    await local.put('applications/a-1/d-1/received', Buffer.from('photo bytes'), 'image/jpeg');
    const source = await storedSource(local, 'applications/a-1/d-1/received');
    expect(source).toEqual({ file: path.join(root, 'applications', 'a-1', 'd-1', 'received') });
    expect(await fs.readFile((source as { file: string }).file, 'utf8')).toBe('photo bytes');
    expect(await storedSource(local, 'applications/a-1/d-2/received')).toBeNull();
  });

  it('is its bytes when the storage has no path on this machine (a bucket)', async () => {
    const { localFile, ...bucketLike } = local;
    expect(localFile).toBeTypeOf('function');
    const bucket: Storage = bucketLike;
    await local.put('applications/a-2/d-1/received', Buffer.from('scan bytes'), 'image/jpeg');
    expect(await storedSource(bucket, 'applications/a-2/d-1/received')).toEqual({ bytes: Buffer.from('scan bytes') });
    expect(await storedSource(bucket, 'applications/a-2/d-9/received')).toBeNull();
  });
});
