import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { createBackupService, backupSettings } from '#server/backups/backup.service.ts';
import { LOCK_FILE } from '#server/backups/backup-lock.ts';
import { quickCheck } from '#server/backups/write-backup.ts';
import { systemClock } from '#server/clock.ts';
import { sqliteFile } from '#server/db/db.ts';
import { migrations } from '#server/db/migrate.ts';
import type { Env } from '#server/env.ts';
import path from 'node:path';

/** The backup before an upgrade could not be made: the upgrade is not started. */
export class PreUpgradeBackupError extends Error {
  override name = 'PreUpgradeBackupError';
  constructor(
    readonly pending: string[],
    readonly folder: string,
    readonly reason: string,
  ) {
    super(`The backup before migrations ${pending.join(', ')} failed: ${reason}`);
  }
}

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

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LOCK_WAIT_MS = 15 * 60 * 1000;

/**
 * Before the embedded database is opened by the server: SQLite's quick check (damage refuses the start,
 * server/startup/database-faults.ts says what to do), then, when this release has migrations the database
 * has not run, a checked backup of it as it is. If that backup cannot be made, the upgrade is refused:
 * nothing is changed. A fresh install (no database yet, or no migration run) needs neither.
 */
export async function guardSqliteAtStart(env: Env, log: Log): Promise<void> {
  const file = sqliteFile(env.dataDir);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return;
  await quickCheck(file);
  const applied = appliedMigrations(file);
  const pending = Object.keys(migrations).filter((name) => !applied.includes(name));
  if (applied.length === 0 || pending.length === 0) return;

  const service = createBackupService(backupSettings(env), systemClock, log);
  const run = await service.runBackup('pre-upgrade');
  if (run.ok) {
    log.info({ file: run.file, pending }, 'backup made before the upgrade');
    return;
  }
  // Another process starting at once makes it: wait for it, then upgrade (the migrations run once).
  if (run.error?.startsWith('Another backup is running')) {
    const lock = path.join(env.backupDir, LOCK_FILE);
    const until = Date.now() + LOCK_WAIT_MS;
    while (fs.existsSync(lock) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    if (!fs.existsSync(lock)) return;
  }
  throw new PreUpgradeBackupError(pending, env.backupDir, run.error ?? 'no reason recorded');
}
