/**
 * npm run restore -- FILE [--data-dir DIR]
 *
 * Restores a `npm run backup` archive into a fresh DATA_DIR (from --data-dir or the DATA_DIR
 * variable). It refuses a folder that is not empty, so it can never overwrite a live install: move
 * the old folder aside first. The archive is unpacked beside the target, checked against its
 * manifest (row counts, files, SQLite integrity), and only then moved into place.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { parseEnv } from '#server/env.ts';
import {
  OpsError,
  isEmptyOrMissing,
  listUploadKeys,
  printTable,
  referencedKeys,
  runScript,
  sqliteCounts,
} from './ops/embedded.ts';
import { BackupManifestSchema } from './ops/manifest.ts';

/** Only these may come out of an archive: regular files and folders, at these places. */
const allowedEntry = (entryPath: string, type: string): boolean =>
  (type === 'File' &&
    (entryPath === 'manifest.json' || entryPath === 'orbit.sqlite' || entryPath.startsWith('uploads/'))) ||
  (type === 'Directory' && (entryPath === 'uploads/' || entryPath.startsWith('uploads/')));

async function verify(dir: string): Promise<{ tables: Record<string, number>; files: number }> {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(dir, 'orbit.sqlite'))) {
    throw new OpsError('This is not an Orbit College backup: manifest.json or orbit.sqlite is missing.');
  }
  const parsed = BackupManifestSchema.safeParse(JSON.parse(await fsp.readFile(manifestFile, 'utf8')));
  if (!parsed.success)
    throw new OpsError(`The archive's manifest.json is not one this version reads: ${parsed.error.message}`);
  const manifest = parsed.data;

  const db = new SQLite(path.join(dir, 'orbit.sqlite'), { fileMustExist: true });
  let tables: Record<string, number>;
  let refs: string[];
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new OpsError(`The database in the archive failed its integrity check: ${String(check)}`);
    tables = sqliteCounts(db);
    refs = referencedKeys(db);
  } finally {
    db.close();
  }
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (tables[table] !== rows)
      throw new OpsError(`Table ${table}: the manifest says ${rows} rows, the archive holds ${tables[table] ?? 0}.`);
  }
  const keys = await listUploadKeys(path.join(dir, 'uploads'));
  if (keys.length !== manifest.files) {
    throw new OpsError(
      `The manifest lists ${manifest.files} files, the archive holds ${keys.length}: it is incomplete.`,
    );
  }
  const present = new Set(keys);
  const missing = refs.filter((k) => !present.has(k));
  if (missing.length > 0) throw new OpsError(`The archive lacks ${missing.length} image files its database refers to.`);
  return { tables, files: keys.length };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
  const archive = positionals[0];
  if (!archive || positionals.length > 1) throw new OpsError('Usage: npm run restore -- FILE [--data-dir DIR]');
  if (!fs.existsSync(archive)) throw new OpsError(`No such file: ${archive}`);
  const env = parseEnv(values['data-dir'] ? { ...process.env, DATA_DIR: values['data-dir'] } : process.env);
  if (env.DATABASE_URL) {
    throw new OpsError(
      'DATABASE_URL is set: a backup restores an embedded install (SQLite in DATA_DIR). Unset it, or restore PostgreSQL with pg_restore.',
    );
  }
  const target = env.dataDir;
  if (!(await isEmptyOrMissing(target))) {
    throw new OpsError(
      `${target} is not empty. Restore only into a fresh, empty folder: move the old one aside first, or pass --data-dir.`,
    );
  }

  await fsp.mkdir(path.dirname(target), { recursive: true });
  const staging = await fsp.mkdtemp(path.join(path.dirname(target), '.orbit-restore-'));
  try {
    const refused: string[] = [];
    await tar.extract({
      file: archive,
      cwd: staging,
      strict: true,
      filter: (entryPath, entry) => {
        const ok = 'type' in entry && allowedEntry(entryPath, entry.type);
        if (!ok) refused.push(entryPath);
        return ok;
      },
    });
    if (refused.length > 0)
      throw new OpsError(`The archive holds entries a backup never has: ${refused.slice(0, 5).join(', ')}`);
    await fsp.mkdir(path.join(staging, 'uploads'), { recursive: true });
    const { tables, files } = await verify(staging);
    await fsp.rm(path.join(staging, 'manifest.json'));

    // Checked again just before the move: nothing may have appeared in the target meanwhile.
    if (!(await isEmptyOrMissing(target))) throw new OpsError(`${target} is no longer empty; nothing was restored.`);
    await fsp.rm(target, { recursive: true, force: true });
    await fsp.rename(staging, target);

    console.log(`Restored ${archive} into ${target}`);
    printTable([['table', 'rows'], ...Object.entries(tables), ['files in uploads', files]]);
    console.log('Start the server with this DATA_DIR (and no DATABASE_URL) to serve it.');
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

runScript(main);
