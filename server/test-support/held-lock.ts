import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, isPostgres, sqliteFile } from '#server/db/db.ts';
import { testDatabaseServer } from './test-database.ts';

/** A lock on writes held by another connection, as a backup tool or a maintenance shell holds it. */
export interface HeldLock {
  release: () => Promise<void>;
}

/**
 * SQLite: a second connection to the file in BEGIN IMMEDIATE (what a `sqlite3` shell does), which takes
 * the database's write lock and leaves readers free. PostgreSQL: another session holding `mode` on the
 * notices table (EXCLUSIVE blocks writes only; ACCESS EXCLUSIVE blocks reads too).
 */
export async function holdWriteLock(
  db: Db,
  dataDir: string,
  mode: 'exclusive' | 'access exclusive' = 'exclusive',
): Promise<HeldLock> {
  if (!isPostgres(db)) {
    const other = new SQLite(sqliteFile(dataDir));
    other.exec('begin immediate');
    return {
      async release() {
        other.exec('rollback');
        other.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: await sameDatabaseUrl(db) });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table notices in ${mode} mode`);
  return {
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** The URL of the scratch database `db` is connected to, on the server DATABASE_URL names. */
async function sameDatabaseUrl(db: Db): Promise<string> {
  const server = testDatabaseServer();
  if (!server) throw new Error('PostgreSQL tests need DATABASE_URL');
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(server);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}
