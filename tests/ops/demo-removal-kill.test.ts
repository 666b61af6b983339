/**
 * SIGKILL in the middle of 'Remove the demo content', on S3 (s3rver) and on the database of the pass (SQLite,
 * or PostgreSQL in the PostgreSQL pass, where DATABASE_URL names the server): the removal's rows go in one
 * transaction and its files are deleted after it, each crossed off a list in the database. A process killed
 * while deleting leaves every demo row gone and the rest of the files listed; the next start deletes them, so
 * nothing is half-removed and no object of the removed demo is left in the bucket.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DemoCounts, NO_DEMO } from '#common/demo.ts';
import { openDb } from '#server/db/db.ts';
import { imageFiles } from '#server/modules/images/index.ts';
import type { S3Storage } from '#server/storage/s3-storage.ts';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { runScript } from './run-script.ts';
import { type S3rverInFolder, startS3rverInFolder } from './s3rver-in-folder.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, sameOrigin, signIn, startServer } from './server-process.ts';

/** Each DeleteObject answered this late: the removal's deletes take seconds, long enough to kill it among them. */
const DELETE_DELAY_MS = 400;
const SEEDING_MS = 240_000;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('SIGKILL while the demo removal deletes its files: S3 and the database of the pass', () => {
  let root: string;
  let database: ScratchDatabase | undefined;
  let s3: S3rverInFolder | undefined;
  let storage: S3Storage | undefined;
  const servers: ServerProcess[] = [];

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-demo-kill-'));
    const server = testDatabaseServer();
    database = server ? await createScratchDatabase(server, 'demokill') : undefined;
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
    storage?.close();
    await s3?.close();
    await database?.drop();
    await fs.rm(root, { recursive: true, force: true });
  });

  /** The bucket's s3rver, slow to delete or not; the objects stay in the same folder across restarts. */
  async function openBucket(deleteDelayMs: number): Promise<void> {
    storage?.close();
    await s3?.close();
    s3 = await startS3rverInFolder(path.join(root, 's3'), 'orbit-ops', { deleteDelayMs });
    storage = s3.storage();
  }

  const env = (): Record<string, string> => ({
    DATA_DIR: path.join(root, 'data'),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: 'true',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...s3!.env,
  });

  async function start(): Promise<ServerProcess> {
    const server = await startServer(env(), SEEDING_MS);
    servers.push(server);
    return server;
  }

  /** The database as it is now: the demo rows left, the removed files still to delete, every image's keys. */
  async function stored() {
    const db = openDb({ dataDir: path.join(root, 'data'), databaseUrl: database?.url, poolSize: 1 });
    try {
      return {
        demoItems: (await db.selectFrom('demo_items').select('item_id').execute()).length,
        toDelete: (await db.selectFrom('demo_removed_files').select('key').execute()).map((r) => r.key).sort(),
        referenced: new Set((await imageFiles(db).references()).flatMap((row) => row.keys)),
      };
    } finally {
      await db.destroy();
    }
  }
  const imageKeys = async () => (await collect(storage!.entries('img/'))).map((e) => e.key).sort();

  async function demoCounts(server: ServerProcess, cookie: string): Promise<DemoCounts> {
    const res = await fetch(`${server.url}/api/admin/demo`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as DemoCounts;
  }

  it('leaves every demo row gone and the rest of its files listed; the restart deletes them, no orphan object', async () => {
    // A fresh install seeded with the demo, on a bucket that deletes slowly.
    await openBucket(DELETE_DELAY_MS);
    const first = await start();
    const cookie = await signIn(first);
    const before = await demoCounts(first, cookie);
    expect(before.photos).toBeGreaterThan(0);
    const keysBefore = await imageKeys();
    expect(keysBefore.length).toBeGreaterThan(before.photos);

    // 'Remove the demo content' as the owner posts it; killed once its first object is gone from the bucket.
    const removal = fetch(`${first.url}/api/admin/demo/removal`, {
      method: 'POST',
      headers: { ...sameOrigin(first), cookie },
    }).then(
      (res) => res.status,
      () => 'killed' as const,
    );
    const deadline = Date.now() + 120_000;
    let left = keysBefore.length;
    while (Date.now() < deadline && left === keysBefore.length) left = (await imageKeys()).length;
    await first.stop('SIGKILL');
    expect(await removal, 'the removal answered before the kill').toBe('killed');

    // Straight after the kill: the transaction committed whole (no demo row left, the photos' rows gone), and
    // every demo object still in the bucket is on the list the next start deletes.
    const killed = await stored();
    const remaining = await imageKeys();
    expect(killed.demoItems).toBe(0);
    expect(remaining.length, 'the kill landed after the last delete').toBeGreaterThan(0);
    expect(remaining.length).toBeLessThan(keysBefore.length);
    const orphansAtKill = remaining.filter((key) => !killed.referenced.has(key));
    expect(orphansAtKill.length).toBeGreaterThan(0);
    expect(orphansAtKill.filter((key) => !killed.toDelete.includes(key))).toEqual([]);

    // The restart (a bucket at its normal speed) finishes the removal before it serves.
    await openBucket(0);
    const second = await start();
    const after = await stored();
    expect(after.toDelete).toEqual([]);
    expect(await imageKeys()).toEqual([...after.referenced].sort());
    expect(await demoCounts(second, await signIn(second))).toEqual(NO_DEMO);

    const check = await runScript('check-storage', [], env());
    expect(check.stdout, check.stderr).toContain('Rows and files agree.');
    expect(check.code).toBe(0);
  });
});
