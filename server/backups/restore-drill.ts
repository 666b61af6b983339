import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DrillRun } from '#common/backups.ts';
import { migrations } from '#server/db/migrate.ts';
import { checkUnpacked, readManifest, unpackArchive } from './archive-checks.ts';
import { BackupError } from './backup-error.ts';
import type { BackupManifest } from './backup-manifest.ts';
import { DUMP_FILE, checkUnpackedUploads, restoreDump } from './pg-archive.ts';
import { createScratchPgDatabase } from './pg-data.ts';
import { findPgTools } from './pg-tools.ts';
import { STAGING_PREFIX } from './write-backup.ts';

/** Where the drill of a PostgreSQL backup restores its dump: a scratch database beside this one. */
export interface PgDrillTarget {
  databaseUrl: string;
  pgDumpPath: string | undefined;
}

/** The PostgreSQL kind unpacked in `dir`: its uploads checked, its dump restored into a scratch database (dropped after). */
async function drillPg(
  dir: string,
  manifest: BackupManifest,
  pg: PgDrillTarget | undefined,
): Promise<{ rows: number; files: number }> {
  if (!pg)
    throw new BackupError(
      'This is a backup of a PostgreSQL install; this server has no DATABASE_URL to restore it beside.',
    );
  await checkUnpackedUploads(dir, manifest);
  const tools = await findPgTools({ pgDumpPath: pg.pgDumpPath });
  const scratch = await createScratchPgDatabase(pg.databaseUrl);
  try {
    const tables = await restoreDump(tools, path.join(dir, DUMP_FILE), scratch.url, manifest);
    return { rows: Object.values(tables).reduce((a, b) => a + b, 0), files: manifest.files };
  } finally {
    await scratch.drop();
  }
}

/**
 * A restore drill: the archive unpacked whole into a scratch folder inside `scratchParent`, as
 * `npm run restore` would, and compared with its manifest (every table's rows, every file, the files the
 * rows refer to, SQLite's integrity check) or, for a PostgreSQL backup, its dump restored into a
 * scratch database and every table's rows compared; its migrations must all be known to this release, so the
 * server could start on it. The scratch folder is removed after. Never throws: the result says.
 */
export async function restoreDrill(
  archive: string,
  scratchParent: string,
  now: Date,
  pg?: PgDrillTarget,
): Promise<DrillRun> {
  const file = path.basename(archive);
  const scratch = await fsp.mkdtemp(path.join(scratchParent, `${STAGING_PREFIX}drill-`));
  try {
    await unpackArchive(archive, scratch);
    // Without a manifest, the embedded kind's checks say what is missing.
    const manifestFile = path.join(scratch, 'manifest.json');
    const manifest = fs.existsSync(manifestFile) ? await readManifest(manifestFile) : undefined;
    const facts =
      manifest?.kind === 'postgresql'
        ? { manifest, ...(await drillPg(scratch, manifest, pg)) }
        : await checkUnpacked(scratch).then((f) => ({
            manifest: f.manifest,
            rows: Object.values(f.tables).reduce((a, b) => a + b, 0),
            files: f.files,
          }));
    const unknown = facts.manifest.migrations.filter((name) => !(name in migrations));
    if (unknown.length > 0)
      throw new Error(`The backup was made by a newer release (migrations ${unknown.join(', ')}).`);
    return {
      at: now.toISOString(),
      file,
      ok: true,
      rows: facts.rows,
      files: facts.files,
    };
  } catch (err) {
    return { at: now.toISOString(), file, ok: false, error: (err as Error).message };
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}
