import fs from 'node:fs';
import path from 'node:path';
import { backupSettings, createBackupService } from '#server/backups/backup.service.ts';
import { LOCK_FILE } from '#server/backups/backup-lock.ts';
import { systemClock } from '#server/clock.ts';
import type { Env } from '#server/env.ts';

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

export interface StartLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LOCK_WAIT_MS = 15 * 60 * 1000;

/**
 * Before `pending` migrations run on a database that has run others: a checked backup of it as it is,
 * of the install's kind (SQLite and its uploads, or pg_dump and the uploads' bucket or folder), into
 * BACKUP_DIR, recorded as 'pre-upgrade'. Throws a PreUpgradeBackupError saying why when it cannot be
 * made, so nothing is migrated. When another process starting at once is making it, waits for that one.
 */
export async function backupBeforeUpgrade(env: Env, log: StartLog, pending: string[]): Promise<void> {
  const service = createBackupService(backupSettings(env), systemClock, log);
  const run = await service.runBackup({ kind: 'system', job: 'backup before an upgrade' }, 'pre-upgrade');
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
