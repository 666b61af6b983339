/**
 * Checks of a backup archive against its manifest: after writing it (the database and the list of files,
 * without unpacking the files), and after unpacking it whole (a restore, the weekly drill).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { readArchive, unpackInWorker } from './archive-worker.ts';
import { BackupError } from './backup-error.ts';
import { type BackupManifest, BackupManifestSchema } from './backup-manifest.ts';
import { listUploadKeys, referencedKeys, sqliteCounts } from './embedded-data.ts';
import { DUMP_FILE, LISTING_FILE, checkDump, checkUploads, readListing } from './pg-archive.ts';
import type { PgTools } from './pg-tools.ts';
import { sqliteCheck } from './sqlite-check.ts';

/** The files at an archive's root: the manifest, the database (SQLite's file or PostgreSQL's dump), a bucket's listing. */
const ROOT_FILES = ['manifest.json', 'orbit.sqlite', DUMP_FILE, LISTING_FILE];

export interface ArchiveFacts {
  manifest: BackupManifest;
  tables: Record<string, number>;
  files: number;
}

export async function readManifest(file: string): Promise<BackupManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fsp.readFile(file, 'utf8'));
  } catch (err) {
    throw new BackupError(`The archive's manifest.json cannot be read: ${(err as Error).message}`);
  }
  const parsed = BackupManifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupError(`The archive's manifest.json is not one this version reads: ${parsed.error.message}`);
  return parsed.data;
}

/** SQLite's integrity check on the copy, its rows against the manifest; the keys its rows refer to. */
async function checkDatabase(
  file: string,
  manifest: BackupManifest,
): Promise<{ tables: Record<string, number>; refs: string[] }> {
  let db: SQLite.Database | undefined;
  try {
    const check = await sqliteCheck(file, 'integrity_check');
    if (check !== 'ok') throw new BackupError(`The database in the archive failed its integrity check: ${check}`);
    db = new SQLite(file, { fileMustExist: true });
    const tables = sqliteCounts(db);
    for (const [table, rows] of Object.entries(manifest.tables)) {
      if (tables[table] !== rows)
        throw new BackupError(
          `Table ${table}: the manifest says ${rows} rows, the archive holds ${tables[table] ?? 0}.`,
        );
    }
    return { tables, refs: referencedKeys(db) };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    // A damaged file fails before the check can even run ("file is not a database", "malformed").
    throw new BackupError(`The database in the archive cannot be read: ${(err as Error).message}`);
  } finally {
    db?.close();
  }
}

function checkFiles(keys: string[], refs: string[], manifest: BackupManifest): void {
  if (keys.length !== manifest.files) {
    throw new BackupError(
      `The manifest lists ${manifest.files} files, the archive holds ${keys.length}: it is incomplete.`,
    );
  }
  const present = new Set(keys);
  const missing = refs.filter((k) => !present.has(k));
  if (missing.length > 0)
    throw new BackupError(
      `The archive lacks ${missing.length} stored files its database refers to (${missing.slice(0, 3).join(', ')}).`,
    );
}

/** An unpacked archive in `dir` (manifest.json, orbit.sqlite, uploads/), checked against its manifest. */
export async function checkUnpacked(dir: string): Promise<ArchiveFacts> {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(dir, 'orbit.sqlite'))) {
    throw new BackupError('This is not a backup of this site’s software: manifest.json or orbit.sqlite is missing.');
  }
  const manifest = await readManifest(manifestFile);
  const { tables, refs } = await checkDatabase(path.join(dir, 'orbit.sqlite'), manifest);
  const keys = await listUploadKeys(path.join(dir, 'uploads'));
  checkFiles(keys, refs, manifest);
  return { manifest, tables, files: keys.length };
}

/**
 * Unpacks the whole archive into `into` (which must exist) in a worker, refusing any entry a backup never
 * has (only regular files and folders, at the root files' places and under uploads/, come out).
 */
export async function unpackArchive(archive: string, into: string): Promise<void> {
  let refused: string[];
  try {
    refused = await unpackInWorker(archive, into, ROOT_FILES);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOSPC') throw err;
    throw new BackupError(`The archive cannot be unpacked (damaged or cut short): ${(err as Error).message}`);
  }
  if (refused.length > 0)
    throw new BackupError(`The archive holds entries a backup never has: ${refused.slice(0, 5).join(', ')}`);
  await fsp.mkdir(path.join(into, 'uploads'), { recursive: true });
}

/** The manifest of an archive, read without unpacking the rest: which kind of backup it is. */
export async function archiveManifest(archive: string, scratchParent: string): Promise<BackupManifest> {
  const scratch = await fsp.mkdtemp(path.join(scratchParent, '.orbit-check-'));
  try {
    try {
      await tar.extract({ file: archive, cwd: scratch, strict: true, filter: (p) => p === 'manifest.json' });
    } catch (err) {
      throw new BackupError(`The archive cannot be read (damaged or cut short): ${(err as Error).message}`);
    }
    if (!fs.existsSync(path.join(scratch, 'manifest.json')))
      throw new BackupError('This is not a backup of this site’s software: manifest.json is missing.');
    return await readManifest(path.join(scratch, 'manifest.json'));
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The check made right after writing: reads the whole archive in a worker (a cut or damaged gzip stream
 * fails here), takes out only the manifest and the database (and a bucket's listing), and checks the
 * files by their list. A PostgreSQL dump is read whole by `pg_restore --list` (`pg`: the tools).
 */
export async function checkArchive(archive: string, scratchParent: string, pg?: PgTools): Promise<ArchiveFacts> {
  const scratch = await fsp.mkdtemp(path.join(scratchParent, '.orbit-check-'));
  try {
    const sizes = new Map<string, number>();
    try {
      for (const [entryPath, size] of await readArchive(archive, scratch, ROOT_FILES))
        if (entryPath.startsWith('uploads/')) sizes.set(entryPath.slice('uploads/'.length), size);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') throw err;
      throw new BackupError(`The archive cannot be read (damaged or cut short): ${(err as Error).message}`);
    }
    const keys = [...sizes.keys()].sort();
    if (!fs.existsSync(path.join(scratch, 'manifest.json'))) throw new BackupError('The archive lacks manifest.json.');
    const manifest = await readManifest(path.join(scratch, 'manifest.json'));
    if (manifest.kind === 'postgresql') {
      if (!fs.existsSync(path.join(scratch, DUMP_FILE))) throw new BackupError(`The archive lacks ${DUMP_FILE}.`);
      if (!pg) throw new BackupError('pg_restore is needed to check a PostgreSQL backup.');
      await checkDump(pg, path.join(scratch, DUMP_FILE), manifest);
      const listingFile = path.join(scratch, LISTING_FILE);
      const listing = fs.existsSync(listingFile) ? await readListing(listingFile) : undefined;
      checkUploads(manifest, sizes, listing);
      return { manifest, tables: manifest.tables, files: manifest.files };
    }
    if (!fs.existsSync(path.join(scratch, 'orbit.sqlite')))
      throw new BackupError('The archive lacks manifest.json or orbit.sqlite.');
    const { tables, refs } = await checkDatabase(path.join(scratch, 'orbit.sqlite'), manifest);
    checkFiles(keys, refs, manifest);
    return { manifest, tables, files: keys.length };
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}
