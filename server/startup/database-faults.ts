import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_BUSY } from '#common/api-error.ts';
import { lastGoodBackup } from '#server/backups/last-good-backup.ts';
import { DatabaseDamagedError } from '#server/backups/write-backup.ts';
import { MigrationFailedError, MigrationHistoryError } from '#server/db/migrate.ts';
import { PreUpgradeBackupError } from './pre-upgrade-backup.ts';

/** Where the server keeps its data, as start-up knows it: what the messages name. */
export interface DataPlace {
  dataDir: string;
  /** The SQLite file, when the database is embedded. */
  sqliteFile?: string | undefined;
  databaseUrl?: string | undefined;
  /** Where the server keeps its backups (BACKUP_DIR, or DATA_DIR/backups). */
  backupDir?: string | undefined;
}

const codeOf = (err: unknown): string | undefined => {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, errors } = err as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  // A connection attempt to several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  return Array.isArray(errors) ? codeOf(errors[0]) : undefined;
};
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function serverUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return String(process.getuid?.() ?? 'the server user');
  }
}

/** The check that a folder can be written failed: `code` is the file system's (EACCES, EROFS, ...). */
export class FolderNotWritableError extends Error {
  override name = 'FolderNotWritableError';
  readonly code: string | undefined;
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`Cannot create or write a file in ${path}: ${messageOf(cause)}`, { cause });
    this.code = codeOf(cause);
  }
}

/** The nearest part of `dir` that exists but is a file, which is why no folder can be made there. */
function fileInTheWay(dir: string): string | undefined {
  for (let p = path.dirname(dir); p !== path.dirname(p); p = path.dirname(p)) {
    try {
      if (!fs.statSync(p).isDirectory()) return p;
    } catch {
      // missing or itself under a file: look further up
    }
  }
  return undefined;
}

const DENIED_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  SQLITE_CANTOPEN: 'SQLite could not open the database file',
  SQLITE_READONLY: 'the database file is read-only for this user',
  SQLITE_PERM: 'permission denied',
};

function postgresPlace(url: string): { host: string; database: string; user: string } {
  const u = new URL(url);
  return {
    host: `${u.hostname}:${u.port || '5432'}`,
    database: u.pathname.slice(1),
    user: decodeURIComponent(u.username),
  };
}

const restoreAdvice = (place: DataPlace): string =>
  place.databaseUrl
    ? 'restore the dump you took before upgrading with pg_restore into an empty database'
    : `restore the backup you took before upgrading into an empty folder (\`DATA_DIR=${place.dataDir}-restored npm run restore -- BACKUP.tar.gz\`)`;

function migrationFault(err: MigrationFailedError | MigrationHistoryError, place: DataPlace): string {
  if (err instanceof MigrationFailedError) {
    const last = err.applied.at(-1);
    return (
      `The server cannot start: upgrading the database stopped at migration ${err.migration} (${messageOf(err.cause)}). ` +
      `That migration was rolled back, so the database is as it was before it${last ? ` (migrations up to ${last} are applied)` : ''}. ` +
      `If the cause can be put right (a full disk, a lock held by another program), do so and start again: the upgrade resumes at ${err.migration}. ` +
      `Otherwise go back to the release you upgraded from: ${restoreAdvice(place)}, start that release on it, and report this message.`
    );
  }
  if (err.unknown.length > 0) {
    return (
      `The server cannot start: a newer release has upgraded this database (it has run migration ${err.unknown.join(', ')}, which this version does not have), and this version cannot use it. ` +
      `Start the newer release again, or, to go back to this version, ${restoreAdvice(place)}.`
    );
  }
  return `The server cannot start: ${err.message} This is a fault in this release, not in your data: report it, and run the previous release meanwhile.`;
}

function folderFault(code: string, err: unknown, place: DataPlace): string | undefined {
  const failedPath = (err as { path?: unknown }).path;
  const where = typeof failedPath === 'string' ? failedPath : (place.sqliteFile ?? place.dataDir);
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    const file = fileInTheWay(place.dataDir) ?? where;
    return `The server cannot start: its data folder (DATA_DIR) ${place.dataDir} cannot be created, because ${file} is a file, not a folder. Set DATA_DIR to a folder (it is created when missing), or move that file away; then start again.`;
  }
  if (code === 'EROFS') {
    return `The server cannot start: its data folder ${place.dataDir} is on a read-only file system, and the server must write its database and uploaded photos there. Mount that file system read-write, or set DATA_DIR to a folder on a writable disk; then start again.`;
  }
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') {
    return `The server cannot start: the disk that holds ${place.dataDir} is full (${code}). Free some space there (old backups, logs) and start again.`;
  }
  const denied = DENIED_REASONS[code.replace(/^(SQLITE_[A-Z]+)_.*$/u, '$1')];
  if (denied === undefined) return undefined;
  const user = serverUser();
  return `The server cannot start: the user that runs the server (${user}) may not write to ${where} (${denied}). The server keeps its database and uploaded photos in the data folder ${place.dataDir} and must be able to change everything in it. Give that folder and its contents to ${user}, for example \`sudo chown -R ${user}: ${place.dataDir}\`, or set DATA_DIR to a folder that user owns; then start again.`;
}

function sqliteFault(code: string, err: unknown, place: DataPlace): string | undefined {
  const file = place.sqliteFile ?? place.dataDir;
  if (/^SQLITE_(NOTADB|CORRUPT)/u.test(code)) {
    return `The server cannot start: the database file ${file} is damaged or is not an SQLite database (SQLite says: ${messageOf(err)}). Nothing was changed; keep that file for now. Restore your latest backup into an empty folder, \`DATA_DIR=${place.dataDir}-restored npm run restore -- BACKUP.tar.gz\`, and start the server with that DATA_DIR (or move ${place.dataDir} aside and restore into its place).`;
  }
  if (/^SQLITE_IOERR/u.test(code)) {
    return `The server cannot start: reading or writing the database file ${file} failed with an input/output error (${code}); the disk may be failing. Check the system log (\`dmesg\`), then restore your latest backup onto another disk with \`npm run restore\` into an empty folder.`;
  }
  if (/^SQLITE_BUSY/u.test(code) || code === DATABASE_BUSY.code) {
    return `The server cannot start: another program holds the lock on the database ${file} (a sqlite3 shell or a backup tool in a long transaction, or a second server on the same DATA_DIR), and the server gave up waiting. Close that program or let it finish, then start again.`;
  }
  return undefined;
}

function damageFault(err: DatabaseDamagedError, place: DataPlace): string {
  const backup = place.backupDir ? lastGoodBackup(place.backupDir) : undefined;
  const restore = backup
    ? `The last good backup is ${backup}: restore it into an empty folder with \`DATA_DIR=${place.dataDir}-restored npm run restore -- ${backup}\` and start the server with that DATA_DIR (or move ${place.dataDir} aside and restore into its place).`
    : `No backup was found in ${place.backupDir ?? 'the backup folder'}: restore your latest backup into an empty folder with \`DATA_DIR=${place.dataDir}-restored npm run restore -- BACKUP.tar.gz\` and start the server with that DATA_DIR.`;
  return `The server cannot start: SQLite's check found damage in the database file ${err.file} (${err.detail.split('\n')[0]}), so the server would fail or save into a damaged file. Nothing was changed; keep that file for now. ${restore}`;
}

function postgresFault(code: string, err: unknown, url: string): string | undefined {
  const { host, database, user } = postgresPlace(url);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) {
    return `The server cannot start: it cannot reach PostgreSQL at ${host} (${code}). Check that the database server is running and accepts connections from this machine, and that DATABASE_URL names the right host and port; then start again.`;
  }
  if (code === '28P01' || code === '28000') {
    return `The server cannot start: PostgreSQL at ${host} refused the user ${user} (${messageOf(err)}). Check the user name and password in DATABASE_URL and the server's pg_hba.conf; then start again.`;
  }
  if (code === '55P03' || code === DATABASE_BUSY.code) {
    return `The server cannot start: another session on PostgreSQL at ${host} held a lock the start-up needed (a long transaction, or a long migration run by another process), and the server gave up waiting. Let it finish, then start again.`;
  }
  if (code === '3D000') {
    return `The server cannot start: the database ${database} does not exist on PostgreSQL at ${host}. Create it (\`createdb -O ${user} ${database}\`) or correct DATABASE_URL; then start again.`;
  }
  return undefined;
}

/**
 * One plain paragraph for a fault in the data folder or the database at start-up: which file or
 * server, what is wrong, what to do. Undefined for anything else, which is reported as it is.
 */
export function explainDatabaseFault(err: unknown, place: DataPlace): string | undefined {
  if (err instanceof DatabaseDamagedError) return damageFault(err, place);
  if (err instanceof PreUpgradeBackupError) {
    return (
      `The server cannot start: this release must upgrade the database (migrations ${err.pending.join(', ')}), and makes a backup of it first, into ${err.folder}, but that backup failed: ${err.reason} ` +
      'Nothing was changed, and the database is as the previous release left it. Put the cause right (free some space, or set BACKUP_DIR to a folder on a disk the server may write), then start again; or start the previous release meanwhile.'
    );
  }
  // A damaged file or a full disk met half-way through a migration is that fault, not the migration's.
  if (err instanceof MigrationFailedError) return explainDatabaseFault(err.cause, place) ?? migrationFault(err, place);
  if (err instanceof MigrationHistoryError) return migrationFault(err, place);
  const code = codeOf(err);
  if (code === undefined) return undefined;
  return (
    folderFault(code, err, place) ??
    (place.databaseUrl ? postgresFault(code, err, place.databaseUrl) : sqliteFault(code, err, place))
  );
}
