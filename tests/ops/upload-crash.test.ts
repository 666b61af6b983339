/**
 * SIGKILL in the middle of an upload, on local disk and on S3 (s3rver), then a restart: no stored file
 * is ever visible without its row, and the start-up sweep removes the killed process's staged files at
 * once (their batch names say which process staged them, and it no longer runs), so storage holds
 * exactly the files that rows refer to without waiting for the hour's grace period.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/db.ts';
import { imageFiles } from '#server/modules/images/index.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { runScript } from './run-script.ts';
import { startS3rverInFolder } from './s3rver-in-folder.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, signIn, startServer, uploadImage } from './server-process.ts';

const ATTEMPTS = 5;

interface Backend {
  /** What the server process needs besides DATA_DIR and the database. */
  env: Record<string, string>;
  /** Where the staged files of an upload in flight appear. */
  stagingDir: string;
  /** The same storage, opened from the test to list it. */
  storage: Storage;
  close: () => Promise<void>;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const backends: { name: string; open: (root: string, dataDir: string) => Promise<Backend> }[] = [
  {
    name: 'local disk',
    async open(_root, dataDir) {
      const uploads = path.join(dataDir, 'uploads');
      return {
        env: {},
        stagingDir: path.join(uploads, '.staging'),
        storage: createLocalStorage(uploads),
        close: async () => undefined,
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    async open(root) {
      const s3 = await startS3rverInFolder(path.join(root, 's3'));
      const storage = s3.storage();
      return {
        env: s3.env,
        stagingDir: path.join(s3.bucketDir, '.staging'),
        storage,
        close: async () => {
          storage.close();
          await s3.close();
        },
      };
    },
  },
];

describe.each(backends)('SIGKILL during an upload: $name', ({ open }) => {
  let root: string;
  let dataDir: string;
  let database: ScratchDatabase | undefined;
  let backend: Backend;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-crash-'));
    dataDir = path.join(root, 'data');
    const server = testDatabaseServer();
    database = server ? await createScratchDatabase(server, 'crash') : undefined;
    backend = await open(root, dataDir);
    env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...backend.env,
    };
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
    await backend.close();
    await database?.drop();
    await fs.rm(root, { recursive: true, force: true });
  });

  async function start(extra: Record<string, string> = {}): Promise<ServerProcess> {
    const server = await startServer({ ...env, ...extra });
    servers.push(server);
    return server;
  }

  /** Every key that a row refers to, read from the database as it is now. */
  async function referencedKeys(): Promise<Set<string>> {
    const db = openDb({ dataDir, databaseUrl: database?.url, poolSize: 1 });
    try {
      return new Set((await imageFiles(db).references()).flatMap((row) => row.keys));
    } finally {
      await db.destroy();
    }
  }
  const publishedKeys = async () => (await collect(backend.storage.entries('img/'))).map((e) => e.key).sort();

  /** Starts an upload and kills the server as soon as its first staged file appears. */
  async function killMidUpload(image: Buffer): Promise<{ answered: boolean; stagedAtKill: number }> {
    const server = await start();
    const cookie = await signIn(server);
    const response = uploadImage(server, cookie, 'gallery', image).then(
      () => true,
      () => false,
    );
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await filesUnder(backend.stagingDir)).length === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await server.stop('SIGKILL');
    return { answered: await response, stagedAtKill: (await filesUnder(backend.stagingDir)).length };
  }

  it('never shows a file without its row, and the restart at once leaves no orphan', async () => {
    const image = await buildImage({ width: 2400, height: 1600 });
    let caughtMidUpload = false;
    for (let attempt = 0; attempt < ATTEMPTS && !caughtMidUpload; attempt++) {
      const { answered, stagedAtKill } = await killMidUpload(image);
      caughtMidUpload = !answered && stagedAtKill > 0;
      // Straight after the kill: every published file belongs to a committed row.
      const referenced = await referencedKeys();
      expect((await publishedKeys()).filter((key) => !referenced.has(key))).toEqual([]);
    }
    expect(caughtMidUpload, 'no kill landed while the upload was writing its files').toBe(true);
    expect((await collect(backend.storage.stagedEntries())).length).toBeGreaterThan(0);

    // No ageing of the files: they are seconds old, and their process is gone.
    const restarted = await start({ LOG_LEVEL: 'info' });
    await expect
      .poll(() => restarted.output().includes('"storage sweep finished"'), { timeout: 30_000, interval: 100 })
      .toBe(true);

    const summary = restarted
      .output()
      .split('\n')
      .find((line) => line.includes('"storage sweep finished"'));
    expect(JSON.parse(summary!)).toMatchObject({ rowsWithMissingFiles: 0 });
    expect(JSON.parse(summary!).abandonedRemoved).toBeGreaterThan(0);
    expect(await collect(backend.storage.stagedEntries())).toEqual([]);
    expect(await publishedKeys()).toEqual([...(await referencedKeys())].sort());

    const check = await runScript('check-storage', [], env);
    expect(check.stdout, check.stderr).toContain('Rows and files agree.');
    expect(check.code).toBe(0);
  });
});
