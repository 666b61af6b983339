import type { Db } from '#server/db/db.ts';
import { migrations } from '#server/db/migrate.ts';
import { listAppliedMigrations, postgresHasMigrationLog } from '#server/db/migration-log.repository.ts';
import type { Env } from '#server/env.ts';
import { type StartLog, backupBeforeUpgrade } from './pre-upgrade-backup.ts';

/** The migrations this release has and the PostgreSQL database has not run; none on a fresh database. */
export async function pendingPostgresMigrations(db: Db): Promise<string[]> {
  if (!(await postgresHasMigrationLog(db))) return [];
  const applied = await listAppliedMigrations(db);
  if (applied.length === 0) return [];
  return Object.keys(migrations).filter((name) => !applied.includes(name));
}

/**
 * Before the server migrates a PostgreSQL database: when this release has migrations it has not run, a
 * checked backup of it as it is (pg_dump, with the uploads' bucket listed or their folder), the same
 * archive as the scheduled backups. If that backup cannot be made (pg_dump missing or too old, the backup
 * folder unwritable), the upgrade is refused: nothing is changed. A fresh database needs none.
 */
export async function guardPostgresAtStart(env: Env, db: Db, log: StartLog): Promise<void> {
  const pending = await pendingPostgresMigrations(db);
  if (pending.length > 0) await backupBeforeUpgrade(env, log, pending);
}
