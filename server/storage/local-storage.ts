import { newBatchName } from './batch-owner.ts';
import { type Dirent, createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { outOfSpaceChecked } from './out-of-space.ts';
import {
  STAGING_PREFIX,
  type StagedEntry,
  type Storage,
  type StoredEntry,
  type StoredObject,
  assertValidBatch,
  assertValidKey,
  assertValidPrefix,
  isValidBatch,
  isValidKey,
} from './storage.ts';

/**
 * Uploads are the server's user's alone (applicants' documents among them): nothing else reads the data
 * folder (docs/security.md), whatever the process's umask.
 */
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;
/** What stands for a key's '/' in a staged file's name. */
const STAGED_SLASH = '+';
const makeFolder = (dir: string) => fs.mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });

/** The one write that fills the disk; a test replaces it with one that fails as a full disk does. */
export type WriteFile = (file: string, body: Buffer) => Promise<void>;

/**
 * Writes and flushes a file, so a full disk shows up here (some file systems report ENOSPC only when
 * the data is flushed) and a published file is never an empty shell after a power cut. The bytes go in one
 * write where the system takes them so (a regular file does), not in half-megabyte slices: on a busy server each
 * step of a write waits its turn behind every request being answered, and an application's photo is megabytes.
 */
export const writeFileDurably: WriteFile = async (file, body) => {
  const handle = await fs.open(file, 'w', PRIVATE_FILE);
  try {
    for (let written = 0; written < body.length;) {
      written += (await handle.write(body, written, body.length - written, written)).bytesWritten;
    }
    await handle.datasync();
  } finally {
    await handle.close();
  }
};

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Files' paths under `dir`, recursively; none when `dir` does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
}

/** A regular file's size, or null when there is none at that path. */
async function sizeOfFile(file: string): Promise<number | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat.size : null;
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** A file's modification time, or null when it was removed since it was listed. */
async function modifiedAt(file: string): Promise<Date | null> {
  try {
    return (await fs.stat(file)).mtime;
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/**
 * Files under a root folder (DATA_DIR/uploads by default). Staged files live in `<root>/.staging/<batch>/`,
 * on the same file system as their final place, so publishing one is a single atomic rename.
 */
export function createLocalStorage(root: string, writeFile: WriteFile = writeFileDurably): Storage {
  const toKey = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const fileOf = (key: string): string => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  const stagingRoot = path.join(root, STAGING_PREFIX);
  const batchDir = (batch: string): string => {
    assertValidBatch(batch);
    return path.join(stagingRoot, batch);
  };
  // A staged file lies directly in its batch's folder, its key's slashes written as '+' (which no key holds):
  // staging makes one folder and discarding removes one, where the key's own folders would cost a step each.
  // The .tmp ending keeps staged files out of backups, restores and migrate-to, which skip *.tmp.
  const stagedFile = (batch: string, key: string): string => {
    assertValidKey(key);
    return path.join(batchDir(batch), `${key.replaceAll('/', STAGED_SLASH)}.tmp`);
  };

  const storage: Storage = {
    async put(key, body, contentType) {
      const batch = newBatchName();
      try {
        await storage.stage(batch, key, body, contentType);
        await storage.publish(batch, key);
      } finally {
        await storage.discard(batch);
      }
    },

    async get(key): Promise<StoredObject | null> {
      const file = fileOf(key);
      const size = await sizeOfFile(file);
      return size === null ? null : { body: createReadStream(file), size };
    },

    async localFile(key) {
      const file = fileOf(key);
      return (await sizeOfFile(file)) === null ? null : file;
    },

    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      // An image's folder goes with its last file. Best effort: it fails, harmlessly, while other files remain.
      const folder = path.dirname(file);
      if (folder !== root) await fs.rmdir(folder).catch(() => undefined);
    },

    async stage(batch, key, body) {
      const file = stagedFile(batch, key);
      await outOfSpaceChecked(async () => {
        await makeFolder(batchDir(batch));
        await writeFile(file, body);
      });
    },

    async publish(batch, key) {
      const from = stagedFile(batch, key);
      const to = fileOf(key);
      await outOfSpaceChecked(async () => {
        await makeFolder(path.dirname(to));
        try {
          await fs.rename(from, to);
        } catch (err) {
          // A sweep in another process may have published it first.
          if (isMissing(err) && (await modifiedAt(to)) !== null) return;
          throw err;
        }
      });
    },

    async discard(batch) {
      // Once its files are published, a batch's folder is empty: one step removes it.
      const dir = batchDir(batch);
      try {
        await fs.rmdir(dir);
      } catch (err) {
        if (isMissing(err)) return;
        await fs.rm(dir, { recursive: true, force: true });
      }
    },

    async *entries(prefix): AsyncIterable<StoredEntry> {
      assertValidPrefix(prefix);
      for (const file of await filesUnder(path.join(root, ...prefix.slice(0, -1).split('/')))) {
        const key = toKey(file);
        if (!isValidKey(key)) continue; // not a name this server writes: left for a person to look at
        const time = await modifiedAt(file);
        if (time) yield { key, modifiedAt: time };
      }
    },

    async *stagedEntries(): AsyncIterable<StagedEntry> {
      for (const file of await filesUnder(stagingRoot)) {
        const [batch, ...rest] = path.relative(stagingRoot, file).split(path.sep);
        if (!batch || rest.length === 0) continue;
        const time = await modifiedAt(file);
        // Staged by this release: one file named for its key; by earlier ones: the key's own folders.
        const key = rest
          .join('/')
          .replace(/\.tmp$/u, '')
          .replaceAll(STAGED_SLASH, '/');
        if (time) yield { batch, key, modifiedAt: time };
      }
    },

    async *emptyBatches() {
      let found: Dirent[];
      try {
        found = await fs.readdir(stagingRoot, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      // Only folders named as this server names batches: anything else is left for a person to look at.
      const batches = found.filter((e) => e.isDirectory() && isValidBatch(e.name)).map((e) => e.name);
      for (const batch of batches) {
        const dir = path.join(stagingRoot, batch);
        if ((await filesUnder(dir)).length > 0) continue;
        const time = await modifiedAt(dir);
        if (time) yield { batch, modifiedAt: time };
      }
    },
  };
  return storage;
}
