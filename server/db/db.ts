import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Most connections one process keeps to PostgreSQL (ignored for SQLite). */
  poolSize?: number;
}

/** The embedded database file inside DATA_DIR; backups and migrate-to read it directly. */
export const sqliteFile = (dataDir: string): string => path.join(dataDir, 'orbit.sqlite');

/**
 * Opens the database chosen by configuration: SQLite in DATA_DIR unless DATABASE_URL names PostgreSQL.
 * The same migrations and repositories serve both (timestamps are ISO text and booleans 0/1 on each).
 */
export function openDb({ dataDir, databaseUrl, poolSize = 10 }: DbOptions): Db {
  if (databaseUrl) return openPostgres(databaseUrl, poolSize);
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(sqliteFile(dataDir));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
}

function openPostgres(connectionString: string, max: number): Db {
  const pool = new pg.Pool({ connectionString, max, application_name: 'orbit-college', idleTimeoutMillis: 30_000 });
  // An idle connection that the server drops (restart, failover) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (err) => console.error('PostgreSQL: an idle connection failed:', err.message));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The few places that need engine-specific SQL (locks) ask this; repositories stay portable otherwise. */
export const isPostgres = (db: Pick<Db, 'getExecutor'>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export const nowIso = (): string => new Date().toISOString();
