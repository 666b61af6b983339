/**
 * npm run backup [-- --out FILE]
 *
 * One archive (tar.gz) of an embedded install, safe to take while the server runs: a consistent copy
 * of the SQLite database made with SQLite's online backup API, the uploads folder, and a manifest
 * with the row count of every table and the number of files. Restore with `npm run restore`.
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
  listUploadKeys,
  printTable,
  referencedKeys,
  runScript,
  sqliteCounts,
  sqliteFile,
  uploadsDir,
} from './ops/embedded.ts';
import { type BackupManifest, MANIFEST_FORMAT } from './ops/manifest.ts';

interface Attempt {
  manifest: BackupManifest;
  /** Storage keys that rows of the copied database refer to but that were not there to archive. */
  missing: string[];
}

/** Copies the database, then archives it with the files present at that moment. */
async function attempt(dataDir: string, out: string): Promise<Attempt> {
  const staging = await fsp.mkdtemp(path.join(path.dirname(out), '.orbit-backup-'));
  try {
    const copy = path.join(staging, 'orbit.sqlite');
    const source = new SQLite(sqliteFile(dataDir), { readonly: true, fileMustExist: true });
    try {
      await source.backup(copy);
    } finally {
      source.close();
    }

    const snapshot = new SQLite(copy);
    let counts: Record<string, number>;
    let refs: string[];
    let migrations: string[];
    try {
      // One self-contained file (no -wal/-shm beside it); the server turns WAL back on when it opens it.
      snapshot.pragma('journal_mode = DELETE');
      const check = snapshot.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new OpsError(`The database copy failed its integrity check: ${String(check)}`);
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
      createdAt: new Date().toISOString(),
      migrations,
      tables: counts,
      files: keys.length,
    };
    await fsp.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    try {
      await tar.create({ gzip: true, file: `${out}.partial`, cwd: staging, portable: true }, [
        'manifest.json',
        'orbit.sqlite',
        ...keys.map((k) => `uploads/${k}`),
      ]);
    } catch (err) {
      // A file listed a moment ago is gone (an image was deleted meanwhile): take the backup again.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        return { manifest, missing: [String((err as Error).message)] };
      throw err;
    }
    const archived = new Set(keys);
    return { manifest, missing: refs.filter((k) => !archived.has(k)) };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const env = parseEnv();
  if (env.DATABASE_URL) {
    throw new OpsError(
      'DATABASE_URL is set, so the data is in PostgreSQL: back it up with pg_dump, and the bucket with its own tools (docs/operations.md). `npm run backup` covers the embedded install.',
    );
  }
  if (!fs.existsSync(sqliteFile(env.dataDir)))
    throw new OpsError(`There is no database at ${sqliteFile(env.dataDir)}: check DATA_DIR.`);
  const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
  const out = path.resolve(values.out ?? path.join('backups', `orbit-backup-${stamp}.tar.gz`));
  if (fs.existsSync(out)) throw new OpsError(`${out} already exists; choose another --out.`);
  await fsp.mkdir(path.dirname(out), { recursive: true });

  let result: Attempt | undefined;
  for (let i = 0; i < 3; i++) {
    result = await attempt(env.dataDir, out);
    if (result.missing.length === 0) break;
    await fsp.rm(`${out}.partial`, { force: true });
  }
  if (!result || result.missing.length > 0) {
    throw new OpsError(
      `Files changed during every try; the last try missed: ${result?.missing.slice(0, 5).join(', ')}`,
    );
  }
  await fsp.rename(`${out}.partial`, out);

  const { size } = await fsp.stat(out);
  console.log(`Backup written: ${out} (${(size / 1024 / 1024).toFixed(1)} MB)`);
  printTable([
    ['table', 'rows'],
    ...Object.entries(result.manifest.tables),
    ['files in uploads', result.manifest.files],
  ]);
  if (env.S3_BUCKET) {
    console.log(`Note: S3_BUCKET is set, so the images are in the bucket ${env.S3_BUCKET}, not in this archive.`);
  }
}

runScript(main);
