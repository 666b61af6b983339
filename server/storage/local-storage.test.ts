import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import { isValidKey } from './storage.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-storage-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = createLocalStorage(root);

  it('stores, reads back and deletes an object', async () => {
    await storage.put('img/abc/1-400.webp', Buffer.from('hello'), 'image/webp');
    const got = await storage.get('img/abc/1-400.webp');
    expect(got?.size).toBe(5);
    expect(await text(got!.body)).toBe('hello');
    await storage.delete('img/abc/1-400.webp');
    expect(await storage.get('img/abc/1-400.webp')).toBeNull();
  });

  it('treats deleting a missing key as done', async () => {
    await expect(storage.delete('img/none/x.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../etc/passwd', 'img/../../x', '/etc/passwd', 'img/.hidden', 'IMG/A.webp', 'a\\b']) {
      expect(isValidKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/u);
    }
  });
});
