import fs from 'node:fs';
import path from 'node:path';
import { type Db, openDb, sqliteFile } from '#server/db/db.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { oneStartAtATime } from '#server/db/migration-log.repository.ts';
import type { Env } from '#server/env.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { type DataPlace, FolderNotWritableError } from './database-faults.ts';
import { guardPostgresAtStart } from './guard-postgres.ts';
import { guardSqliteAtStart } from './guard-sqlite.ts';
import type { StartLog } from './pre-upgrade-backup.ts';

type DatabaseEnv = Pick<Env, 'dataDir' | 'DATABASE_URL' | 'S3_BUCKET'> & Partial<Pick<Env, 'backupDir'>>;

export const dataPlace = (env: DatabaseEnv): DataPlace => ({
  dataDir: env.dataDir,
  sqliteFile: env.DATABASE_URL ? undefined : sqliteFile(env.dataDir),
  databaseUrl: env.DATABASE_URL,
  backupDir: env.backupDir,
});

/**
 * Creates `dir` if needed and writes and removes a file in it. A folder the server may read but not
 * write (wrong owner, read-only mount) would otherwise start a site whose every save fails later.
 */
function assertWritableFolder(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    throw new FolderNotWritableError(dir, err);
  }
}

/**
 * The server's database, open and migrated to this release. Checks first that the folders it keeps
 * on the local disk can be written: DATA_DIR for SQLite, DATA_DIR/uploads for photos without S3.
 * An embedded database is checked for damage first; either kind is backed up before an upgrade
 * (guard-sqlite.ts, guard-postgres.ts), and not upgraded when that backup fails.
 * Errors are the drivers' own; server/startup/database-faults.ts explains them.
 */
export async function startDatabase(env: Env, log: StartLog): Promise<{ db: Db; applied: string[] }> {
  if (!env.DATABASE_URL) assertWritableFolder(env.dataDir);
  if (!env.S3_BUCKET) assertWritableFolder(uploadsDir(env.dataDir));
  if (!env.DATABASE_URL) await guardSqliteAtStart(env, log);
  const db = openDb({ dataDir: env.dataDir, databaseUrl: env.DATABASE_URL });
  try {
    const applied = await oneStartAtATime(
      db,
      async () => {
        if (env.DATABASE_URL) await guardPostgresAtStart(env, db, log);
        return migrateToLatest(db);
      },
      () => log.info({}, 'another process of the site is starting on this database: waiting for its migrations'),
    );
    return { db, applied };
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw err;
  }
}
