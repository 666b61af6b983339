import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_MAX } from '#common/limits.ts';
import { countImages, insertImageWithinLimit } from '#server/modules/images/index.ts';
import { hit } from '#server/rate-limit/rate-limit.repository.ts';
import { createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { type Db, isPostgres, openDb } from './db.ts';
import { migrateToLatest } from './migrate.ts';
import type { NewImageRow } from './schema.ts';

/**
 * Two separately opened databases on the same data stand for two app processes (or the app and
 * `npm run admin`): two pools on PostgreSQL, two writer connections to one file on SQLite. Their writes
 * contend for the real lock, which SQLite makes them wait for asynchronously (busy-wait.ts).
 */
const engine = testDatabaseServer() ? 'PostgreSQL' : 'SQLite';
let first: Db;
let second: Db;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-concurrency-'));
  const server = testDatabaseServer();
  const scratch = server ? await createScratchDatabase(server) : undefined;
  first = openDb({ dataDir, databaseUrl: scratch?.url });
  await migrateToLatest(first);
  second = openDb({ dataDir, databaseUrl: scratch?.url });
  cleanup = async () => {
    await first.destroy();
    await second.destroy();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => cleanup());

const imageRow = (folder: string): NewImageRow => ({
  id: randomUUID(),
  folder,
  storage_key: `img/${randomUUID()}`,
  width: 10,
  height: 10,
  variants: '[]',
  original_bytes: 1,
  created_at: new Date().toISOString(),
});

const tryInsert = (db: Db) =>
  db.transaction().execute((trx) => insertImageWithinLimit(trx, imageRow('featured'), FEATURED_MAX));

describe(`concurrent writers on ${engine}`, () => {
  it('runs on the engine DATABASE_URL names', () => {
    expect(isPostgres(first)).toBe(engine === 'PostgreSQL');
  });

  it('lets exactly one of several racing uploads take the last featured place, every time', async () => {
    for (let round = 0; round < 20; round++) {
      await first.deleteFrom('images').execute();
      for (let i = 0; i < FEATURED_MAX - 1; i++) expect(await tryInsert(first)).toBe(true);
      const racers = Array.from({ length: 6 }, (_, i) => tryInsert(i % 2 === 0 ? first : second));
      const won = (await Promise.all(racers)).filter(Boolean);
      expect(won, `round ${round}`).toHaveLength(1);
      expect(await countImages(first, 'featured')).toBe(FEATURED_MAX);
    }
  });

  it('never fills a folder past the limit from empty either', async () => {
    await first.deleteFrom('images').execute();
    const racers = Array.from({ length: 10 }, (_, i) => tryInsert(i % 2 === 0 ? first : second));
    expect((await Promise.all(racers)).filter(Boolean)).toHaveLength(FEATURED_MAX);
    expect(await countImages(second, 'featured')).toBe(FEATURED_MAX);
  });

  it('counts rate-limit hits from both connections exactly once each', async () => {
    const hits = await Promise.all(
      Array.from({ length: 30 }, (_, i) => hit(i % 2 === 0 ? first : second, 'login:ip:race', 60_000, new Date())),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
