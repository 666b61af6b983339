/**
 * One archive (tar.gz) of an embedded install, safe to take while the server runs: a consistent copy of
 * the SQLite database made with SQLite's online backup API, the uploads folder (photos, notice
 * attachments, applicants' documents), and a manifest with the row count of every table and the number of
 * files. Written under a temporary name and given its real name only once checked, so a file with the
 * real name is always a whole, checked backup. `npm run backup` and the server's scheduled backups both
 * make it here.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sqliteFile } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { checkArchive } from './archive-checks.ts';
import { type Attempt, archiveAttempt } from './archive-attempt.ts';
import { BackupError } from './backup-error.ts';
import { type BackupManifest, MANIFEST_FORMAT } from './backup-manifest.ts';
import { sha256Of } from './file-hash.ts';
import { listUploadKeys, referencedKeys, sqliteCounts } from './embedded-data.ts';
import { sqliteCheck } from './sqlite-check.ts';

/** The suffix of an archive being written; never counted as a backup, removed when found left behind. */
export const PARTIAL_SUFFIX = '.partial';
/** The prefix of the folders a backup or a check works in, beside the archive; removed when found left behind. */
export const STAGING_PREFIX = '.orbit-';

export interface WrittenBackup {
  file: string;
  bytes: number;
  sha256: string;
  manifest: BackupManifest;
}

/** SQLite's quick check found damage in the database file. */
export class DatabaseDamagedError extends BackupError {
  override name = 'DatabaseDamagedError';
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`The database ${file} is damaged: ${detail}`);
  }
}

/**
 * SQLite's quick check on the live database (at start, and before each backup, so that a damaged
 * database is never copied over good backups). Throws a DatabaseDamagedError naming the damage. Opened
 * for writing, as the server opens it, so that a database in WAL mode can be read without its -shm file.
 */
export async function quickCheck(file: string): Promise<void> {
  let result: string;
  try {
    result = await sqliteCheck(file, 'quick_check');
  } catch (err) {
    // A file that is not a database at all (SQLITE_NOTADB) keeps the driver's own error and its own message.
    if (/^SQLITE_CORRUPT/u.test((err as { code?: string }).code ?? ''))
      throw new DatabaseDamagedError(file, (err as Error).message);
    throw err;
  }
  if (result !== 'ok') throw new DatabaseDamagedError(file, result);
}

/** Copies the database, then archives it with the files present at that moment, into `partial`. */
async function attempt(dataDir: string, partial: string, now: Date): Promise<Attempt> {
  const staging = await fsp.mkdtemp(path.join(path.dirname(partial), `${STAGING_PREFIX}backup-`));
  try {
    const copy = path.join(staging, 'orbit.sqlite');
    const source = new SQLite(sqliteFile(dataDir), { readonly: true, fileMustExist: true });
    try {
      await source.backup(copy);
    } finally {
      source.close();
    }

    // One self-contained file (no -wal/-shm beside it); the server turns WAL back on when it opens it.
    const journal = new SQLite(copy);
    try {
      journal.pragma('journal_mode = DELETE');
    } finally {
      journal.close();
    }
    const check = await sqliteCheck(copy, 'integrity_check');
    if (check !== 'ok') throw new BackupError(`The database copy failed its integrity check: ${check}`);
    const snapshot = new SQLite(copy, { readonly: true });
    let counts: Record<string, number>;
    let refs: string[];
    let migrations: string[];
    try {
      counts = sqliteCounts(snapshot);
      refs = referencedKeys(snapshot);
      migrations = (
        snapshot.prepare('select name from kysely_migration order by name').all() as { name: string }[]
      ).map((r) => r.name);
    } finally {
      snapshot.close();
    }

    // The uploads folder goes in through a link, so nothing is copied twice on disk.
    const uploads = uploadsDir(dataDir);
    const keys = await listUploadKeys(uploads);
    if (keys.length > 0) await fsp.symlink(uploads, path.join(staging, 'uploads'), 'dir');
    else await fsp.mkdir(path.join(staging, 'uploads'));

    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      kind: 'embedded',
      uploads: 'files',
      createdAt: now.toISOString(),
      migrations,
      tables: counts,
      files: keys.length,
    };
    return await archiveAttempt(
      partial,
      staging,
      manifest,
      ['orbit.sqlite', ...keys.map((k) => `uploads/${k}`)],
      keys,
      refs,
    );
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Writes a checked backup of the install in `dataDir` to `out` (a new file). Files deleted while the
 * backup runs make it try again, up to three times. Throws a BackupError for a damaged database or an
 * archive that fails its check; nothing is left at `out` or beside it on any failure.
 */
export async function writeBackup(dataDir: string, out: string, now: Date = new Date()): Promise<WrittenBackup> {
  if (!fs.existsSync(sqliteFile(dataDir)))
    throw new BackupError(`There is no database at ${sqliteFile(dataDir)}: check DATA_DIR.`);
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists.`);
  await quickCheck(sqliteFile(dataDir));
  const partial = `${out}${PARTIAL_SUFFIX}`;
  try {
    let result: Attempt | undefined;
    for (let i = 0; i < 3; i++) {
      result = await attempt(dataDir, partial, now);
      if (result.missing.length === 0) break;
      await fsp.rm(partial, { force: true });
    }
    if (!result || result.missing.length > 0) {
      throw new BackupError(
        `Files changed during every try; the last try missed: ${result?.missing.slice(0, 5).join(', ')}`,
      );
    }
    await checkArchive(partial, path.dirname(out));
    const sha256 = await sha256Of(partial);
    await fsp.rename(partial, out);
    const { size } = await fsp.stat(out);
    return { file: out, bytes: size, sha256, manifest: result.manifest };
  } finally {
    await fsp.rm(partial, { force: true });
  }
}
