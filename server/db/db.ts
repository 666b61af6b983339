import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** Opens the database chosen by configuration: SQLite in DATA_DIR unless DATABASE_URL names PostgreSQL. */
export function openDb({ dataDir, databaseUrl }: DbOptions): Db {
  if (databaseUrl) {
    throw new Error('DATABASE_URL is set, but PostgreSQL support is not available in this version. Unset it to use SQLite.');
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, 'orbit.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
}

export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export const nowIso = (): string => new Date().toISOString();
