import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter } from 'kysely';
import pg from 'pg';
import { DATABASE_BUSY_WAIT_MS } from './busy-wait.ts';
import { DamageWatch, watchDamage } from './damage-watch.ts';
import { LockTimeoutPostgresDialect } from './postgres-dialect.ts';
import type { Database } from './schema.ts';
import { SplitSqliteDialect } from './sqlite-dialect.ts';

export type Db = Kysely<Database>;

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Most connections one process keeps to PostgreSQL (ignored for SQLite). */
  poolSize?: number;
  /** How long a statement waits for a lock another program holds before it fails with 503. */
  busyWaitMs?: number;
}

/** The embedded database file inside DATA_DIR; backups and migrate-to read it directly. */
export const sqliteFile = (dataDir: string): string => path.join(dataDir, 'orbit.sqlite');

/**
 * Opens the database chosen by configuration: SQLite in DATA_DIR unless DATABASE_URL names PostgreSQL.
 * The same migrations and repositories serve both (timestamps are ISO text and booleans 0/1 on each).
 */
export function openDb({ dataDir, databaseUrl, poolSize = 10, busyWaitMs = DATABASE_BUSY_WAIT_MS }: DbOptions): Db {
  if (databaseUrl) return openPostgres(databaseUrl, poolSize, busyWaitMs);
  fs.mkdirSync(dataDir, { recursive: true });
  const file = sqliteFile(dataDir);
  // Start-up alone may still wait synchronously (better-sqlite3's default 5 s) to switch the journal mode.
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  const reader = new SQLite(file);
  // A misrouted write fails loudly here instead of racing the writer.
  reader.pragma('query_only = ON');
  for (const connection of [writer, reader]) tune(connection);
  const damage = new DamageWatch();
  const db = new Kysely<Database>({ dialect: new SplitSqliteDialect({ writer, reader, busyWaitMs, damage }) });
  watchDamage(db, damage);
  return db;
}

/**
 * busy_timeout 0: better-sqlite3 is synchronous, so SQLite's own busy wait would stop the whole process
 * while another program holds the write lock. A busy statement fails at once and is retried
 * asynchronously instead (sqlite-session.ts).
 */
function tune(connection: SQLite.Database): void {
  connection.pragma('busy_timeout = 0');
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = NORMAL');
}

function openPostgres(connectionString: string, max: number, lockTimeoutMs: number): Db {
  // lock_timeout: a statement that waits this long for a lock another session holds (LOCK TABLE, a long
  // migration) fails with lock_not_available, which the dialect turns into 503, instead of hanging.
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'orbit-college',
    idleTimeoutMillis: 30_000,
    lock_timeout: lockTimeoutMs,
  });
  // An idle connection that the server drops (restart, failover) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (err) => console.error('PostgreSQL: an idle connection failed:', err.message));
  return new Kysely<Database>({ dialect: new LockTimeoutPostgresDialect({ pool }) });
}

/** The few places that need engine-specific SQL (locks) ask this; repositories stay portable otherwise. */
export const isPostgres = (db: Pick<Db, 'getExecutor'>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export const nowIso = (): string => new Date().toISOString();
