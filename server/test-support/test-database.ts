import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openDb } from '#server/db/db.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

/**
 * The engine under test: PostgreSQL when DATABASE_URL is set (CI's second pass, `npm run test:pg`),
 * SQLite otherwise. Read at call time, so a test can see which one it runs on.
 */
export const testDatabaseServer = (): string | undefined => process.env.DATABASE_URL || undefined;

export interface ScratchDatabase {
  /** A postgres:// URL naming a new, empty database of its own. */
  url: string;
  /** Drops it, ending any connection still open to it. Safe to call twice. */
  drop: () => Promise<void>;
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the PostgreSQL server named by `serverUrl` (the role needs CREATEDB), so each
 * test file or server process under test starts empty and test files can run in parallel.
 */
export async function createScratchDatabase(serverUrl: string, label = 'test'): Promise<ScratchDatabase> {
  const name = `orbit_${label}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await onServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * A migrated database for one test file: a fresh SQLite file in `dataDir`, or with DATABASE_URL a
 * fresh PostgreSQL database that `cleanup` drops.
 */
export async function openTestDb(
  dataDir: string,
): Promise<{ db: Db; databaseUrl?: string; cleanup: () => Promise<void> }> {
  const server = testDatabaseServer();
  const scratch = server ? await createScratchDatabase(server) : undefined;
  const db = openDb({ dataDir, databaseUrl: scratch?.url, poolSize: 4 });
  await migrateToLatest(db);
  let closed = false;
  return {
    db,
    ...(scratch ? { databaseUrl: scratch.url } : {}),
    async cleanup() {
      if (closed) return;
      closed = true;
      await db.destroy().catch(() => undefined);
      await scratch?.drop();
    },
  };
}
