import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_FULL } from '#common/api-error.ts';
import { listFiles } from '#server/test-support/admin-session.ts';
import { type WriteFile, createLocalStorage, writeFileDurably } from './local-storage.ts';
import { type NewFile, storeBeforeCommit, storeWithCommit } from './store-with-commit.ts';
import type { Storage } from './storage.ts';

const base = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-commit-'));
afterAll(() => fs.rm(base, { recursive: true, force: true }));

let root: string;
let n = 0;
beforeEach(() => {
  n += 1;
  root = path.join(base, String(n));
});

const files = (id: string): NewFile[] =>
  [400, 800, 1600].map((w) => ({ key: `img/${id}/h-${w}.jpg`, body: Buffer.alloc(w, 7), contentType: 'image/jpeg' }));

const quietLog = () =>
  ({ error: vi.fn() }) as unknown as Pick<FastifyBaseLogger, 'error'> & { error: ReturnType<typeof vi.fn> };

/** A write that fails as a full disk does from the `nth` call on, after writing half the bytes. */
const fullFrom =
  (nth: number): WriteFile =>
  async (file, body) => {
    nth -= 1;
    if (nth > 0) return writeFileDurably(file, body);
    await writeFileDurably(file, body.subarray(0, body.length / 2));
    throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  };

describe('storeWithCommit', () => {
  it('shows no file at its key until the commit has succeeded, then every one', async () => {
    const storage = createLocalStorage(root);
    const seenDuringCommit: (unknown | null)[] = [];
    const result = await storeWithCommit(
      storage,
      files('a'),
      {
        commit: async () => {
          for (const f of files('a')) seenDuringCommit.push(await storage.get(f.key));
          return 'row-a';
        },
        revert: () => Promise.reject(new Error('not expected')),
      },
      quietLog(),
    );
    expect(result).toBe('row-a');
    expect(seenDuringCommit).toEqual([null, null, null]);
    expect(await listFiles(root)).toEqual(
      files('a')
        .map((f) => path.join(...f.key.split('/')))
        .sort(),
    );
  });

  it('removes every staged file and passes the error on when the commit fails', async () => {
    const storage = createLocalStorage(root);
    const refused = new Error('the folder is full');
    await expect(
      storeWithCommit(
        storage,
        files('b'),
        { commit: () => Promise.reject(refused), revert: () => Promise.resolve() },
        quietLog(),
      ),
    ).rejects.toBe(refused);
    expect(await listFiles(root)).toEqual([]);
  });

  it('answers 507 and leaves no file, whole or half-written, when the disk fills half-way through', async () => {
    const storage = createLocalStorage(root, fullFrom(2));
    const commit = vi.fn(() => Promise.resolve());
    await expect(
      storeWithCommit(storage, files('c'), { commit, revert: () => Promise.resolve() }, quietLog()),
    ).rejects.toMatchObject({ statusCode: 507, code: STORAGE_FULL.code, message: STORAGE_FULL.message });
    expect(commit).not.toHaveBeenCalled();
    expect(await listFiles(root)).toEqual([]);
  });

  it('answers 507 and leaves no file when the database runs out of space at the commit', async () => {
    const storage = createLocalStorage(root);
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    await expect(
      storeWithCommit(
        storage,
        files('d'),
        { commit: () => Promise.reject(full), revert: () => Promise.resolve() },
        quietLog(),
      ),
    ).rejects.toMatchObject({ statusCode: 507, code: STORAGE_FULL.code });
    expect(await listFiles(root)).toEqual([]);
  });

  it('reverts the row and removes what was published when publishing fails after the commit', async () => {
    const real = createLocalStorage(root);
    let publishes = 0;
    const storage: Storage = {
      ...real,
      publish: async (batch, key) => {
        publishes += 1;
        if (publishes === 3) throw new Error('EIO: i/o error');
        return real.publish(batch, key);
      },
    };
    const revert = vi.fn(() => Promise.resolve());
    await expect(
      storeWithCommit(storage, files('e'), { commit: () => Promise.resolve('row-e'), revert }, quietLog()),
    ).rejects.toThrow('EIO');
    expect(revert).toHaveBeenCalledWith('row-e');
    expect(await listFiles(root)).toEqual([]);
  });

  it('keeps the staged files for the sweep, and logs, when the row cannot be reverted either', async () => {
    const real = createLocalStorage(root);
    const storage: Storage = {
      ...real,
      publish: async (batch, key) => {
        if (key.endsWith('1600.jpg')) throw new Error('EIO: i/o error');
        return real.publish(batch, key);
      },
    };
    const log = quietLog();
    await expect(
      storeWithCommit(
        storage,
        files('f'),
        { commit: () => Promise.resolve(), revert: () => Promise.reject(new Error('database gone')) },
        log,
      ),
    ).rejects.toThrow('EIO');
    const staged: string[] = [];
    for await (const entry of real.stagedEntries()) staged.push(entry.key);
    expect(staged).toEqual(['img/f/h-1600.jpg']);
    expect(log.error).toHaveBeenCalledOnce();
  });
});

describe("storeBeforeCommit (a queue's input)", () => {
  it('has every file at its key when the commit runs, so a worker claiming the row at once finds them', async () => {
    const storage = createLocalStorage(root);
    const seenDuringCommit: (Buffer | null)[] = [];
    const result = await storeBeforeCommit(
      storage,
      files('g'),
      async () => {
        for (const f of files('g')) {
          const object = await storage.get(f.key);
          seenDuringCommit.push(object && Buffer.concat((await object.body.toArray()) as Buffer[]));
        }
        return 'row-g';
      },
      quietLog(),
    );
    expect(result).toBe('row-g');
    expect(seenDuringCommit).toEqual(files('g').map((f) => f.body));
    const staged: string[] = [];
    for await (const entry of storage.stagedEntries()) staged.push(entry.key);
    expect(staged).toEqual([]);
  });

  it('removes every file and passes the error on when the commit fails', async () => {
    const storage = createLocalStorage(root);
    const clash = new Error('UNIQUE constraint failed');
    await expect(storeBeforeCommit(storage, files('h'), () => Promise.reject(clash), quietLog())).rejects.toBe(clash);
    expect(await listFiles(root)).toEqual([]);
  });

  it('answers 507, never commits and leaves no file when the disk fills half-way through', async () => {
    const storage = createLocalStorage(root, fullFrom(2));
    const commit = vi.fn(() => Promise.resolve());
    await expect(storeBeforeCommit(storage, files('i'), commit, quietLog())).rejects.toMatchObject({
      statusCode: 507,
      code: STORAGE_FULL.code,
    });
    expect(commit).not.toHaveBeenCalled();
    expect(await listFiles(root)).toEqual([]);
  });

  it('answers 507 and leaves no file when the database runs out of space at the commit', async () => {
    const storage = createLocalStorage(root);
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    await expect(storeBeforeCommit(storage, files('j'), () => Promise.reject(full), quietLog())).rejects.toMatchObject({
      statusCode: 507,
      code: STORAGE_FULL.code,
    });
    expect(await listFiles(root)).toEqual([]);
  });
});
