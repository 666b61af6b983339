import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL } from '#common/api-error.ts';
import { AppError } from '#server/errors.ts';
import { listFiles } from '#server/test-support/admin-session.ts';
import { type WriteFile, createLocalStorage, writeFileDurably } from './local-storage.ts';
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

  it('writes files only its user may read (0600) in folders only it may open (0700), whatever the umask', async () => {
    const was = process.umask(0o022);
    try {
      await storage.put('doc/app-1/d-1/document.pdf', Buffer.from('%PDF-'), 'application/pdf');
    } finally {
      process.umask(was);
    }
    const mode = async (p: string) => (await fs.stat(path.join(root, p))).mode & 0o777;
    expect(await mode('doc/app-1/d-1/document.pdf')).toBe(0o600);
    expect(await mode('doc/app-1/d-1')).toBe(0o700);
    expect(await mode('doc')).toBe(0o700);
    await storage.delete('doc/app-1/d-1/document.pdf');
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

  it('stages under DATA_DIR/uploads/.staging as *.tmp files, which backups and migrate-to skip', async () => {
    await storage.stage('b1', 'img/tmpname/1-400.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await listFiles(path.join(root, '.staging'))).toEqual([path.join('b1', 'img+tmpname+1-400.jpg.tmp')]);
    await storage.discard('b1');
    expect(await listFiles(path.join(root, '.staging'))).toEqual([]);
  });

  it("lists files staged by an earlier release under their key's folders, and discards a batch still holding files", async () => {
    // Before, a staged file lay under its key's own folders; a site upgraded after a crash still has some.
    const old = path.join(root, '.staging', 'b-old', 'img', 'abc');
    await fs.mkdir(old, { recursive: true });
    await fs.writeFile(path.join(old, '1-400.jpg.tmp'), 'x');
    await storage.stage('b-new', 'img/def/1-800.jpg', Buffer.from('y'), 'image/jpeg');
    const staged = [];
    for await (const e of storage.stagedEntries()) staged.push({ batch: e.batch, key: e.key });
    expect(staged.sort((a, b) => a.batch.localeCompare(b.batch))).toEqual([
      { batch: 'b-new', key: 'img/def/1-800.jpg' },
      { batch: 'b-old', key: 'img/abc/1-400.jpg' },
    ]);
    await storage.discard('b-old');
    await storage.discard('b-new');
    await storage.discard('b-gone');
    expect(await listFiles(path.join(root, '.staging'))).toEqual([]);
  });

  it("removes an image's folder with its last file", async () => {
    await storage.put('img/gone/1-400.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('img/gone/1-800.jpg', Buffer.from('b'), 'image/jpeg');
    await storage.delete('img/gone/1-400.jpg');
    expect((await fs.readdir(path.join(root, 'img'))).includes('gone')).toBe(true);
    await storage.delete('img/gone/1-800.jpg');
    expect((await fs.readdir(path.join(root, 'img'))).includes('gone')).toBe(false);
  });
});

describe('local storage on a full disk', () => {
  /** Writes half of the file, then fails as a full disk does, leaving the half-written file behind. */
  const fullDisk: WriteFile = async (file, body) => {
    await writeFileDurably(file, body.subarray(0, body.length / 2));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' });
  };

  it('answers 507 with the shared message, keeping the original error for the log', async () => {
    const full = createLocalStorage(path.join(root, 'full'), fullDisk);
    const err = await full.stage('b2', 'img/full/1-400.jpg', Buffer.alloc(100), 'image/jpeg').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect([(err as AppError).statusCode, (err as AppError).code, (err as AppError).message]).toEqual([
      507,
      STORAGE_FULL.code,
      STORAGE_FULL.message,
    ]);
    expect(((err as AppError).cause as NodeJS.ErrnoException).code).toBe('ENOSPC');
  });

  it('leaves nothing behind when a direct write runs out of space', async () => {
    const full = createLocalStorage(path.join(root, 'full-put'), fullDisk);
    await expect(full.put('img/full/1-400.jpg', Buffer.alloc(100), 'image/jpeg')).rejects.toMatchObject({
      statusCode: 507,
    });
    expect(await listFiles(path.join(root, 'full-put'))).toEqual([]);
  });

  it('passes other write failures on unchanged', async () => {
    const broken = createLocalStorage(path.join(root, 'broken'), async () => {
      throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
    });
    await expect(broken.stage('b3', 'img/x/1-400.jpg', Buffer.alloc(1), 'image/jpeg')).rejects.toMatchObject({
      code: 'EIO',
    });
  });
});
