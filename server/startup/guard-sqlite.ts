import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { quickCheck } from '#server/backups/write-backup.ts';
import { sqliteFile } from '#server/db/db.ts';
import { migrations } from '#server/db/migrate.ts';
import type { Env } from '#server/env.ts';
import { type StartLog, backupBeforeUpgrade } from './pre-upgrade-backup.ts';

function appliedMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return (db.prepare('select name from kysely_migration').all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

/**
 * Before the embedded database is opened by the server: SQLite's quick check (damage refuses the start,
 * server/startup/database-faults.ts says what to do), then, when this release has migrations the database
 * has not run, a checked backup of it as it is. If that backup cannot be made, the upgrade is refused:
 * nothing is changed. A fresh install (no database yet, or no migration run) needs neither.
 */
export async function guardSqliteAtStart(env: Env, log: StartLog): Promise<void> {
  const file = sqliteFile(env.dataDir);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return;
  await quickCheck(file);
  const applied = appliedMigrations(file);
  const pending = Object.keys(migrations).filter((name) => !applied.includes(name));
  if (applied.length === 0 || pending.length === 0) return;
  await backupBeforeUpgrade(env, log, pending);
}
