import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '#server/app.ts';
import type { Db } from '#server/db/db.ts';
import { type Env, parseEnv } from '#server/env.ts';
import type { AppServices } from '#server/services.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { openTestDb } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  db: Db;
  storage: Storage;
  env: Env;
  dataDir: string;
  /** Closes the app and the database and deletes the data folder; safe to call twice. */
  close: () => Promise<void>;
}

/**
 * A fresh, migrated database with its own temporary DATA_DIR (for local storage): a SQLite file in it,
 * or, when DATABASE_URL is set, a fresh PostgreSQL database of its own (see test-database.ts).
 */
export async function createTestDb(): Promise<{ db: Db; dataDir: string; cleanup: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-test-'));
  const { db, cleanup } = await openTestDb(dataDir);
  return {
    db,
    dataDir,
    async cleanup() {
      await cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app (API and media, no pages) on a real database file, as each API test file needs it:
 *
 *   const t = await createTestApp({ INQUIRY_MAX_PER_HOUR: '3' });
 *   afterAll(() => t.close());
 *
 * `env` overrides are environment strings, parsed by the same parseEnv as production.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'clock' | 'smsBaseUrls'> = {},
): Promise<TestApp> {
  const { db, dataDir, cleanup } = await createTestDb();
  const parsed = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', ...env });
  const storage = createLocalStorage(path.join(dataDir, 'uploads'));
  const app = await buildApp({ env: parsed, db, storage, pages: false, ...options });
  let closed = false;
  return {
    app,
    services: app.services,
    db,
    storage,
    env: parsed,
    dataDir,
    async close() {
      if (!closed) {
        closed = true;
        await app.close();
      }
      await cleanup();
    },
  };
}
