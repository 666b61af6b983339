import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DrillRun } from '#common/backups.ts';
import { migrations } from '#server/db/migrate.ts';
import { checkUnpacked, unpackArchive } from './archive-checks.ts';
import { STAGING_PREFIX } from './write-backup.ts';

/**
 * A restore drill: the archive unpacked whole into a scratch folder inside `scratchParent`, as
 * `npm run restore` would, and compared with its manifest (every table's rows, every file, the files the
 * rows refer to, SQLite's integrity check); its migrations must all be known to this release, so the
 * server could start on it. The scratch folder is removed after. Never throws: the result says.
 */
export async function restoreDrill(archive: string, scratchParent: string, now: Date): Promise<DrillRun> {
  const file = path.basename(archive);
  const scratch = await fsp.mkdtemp(path.join(scratchParent, `${STAGING_PREFIX}drill-`));
  try {
    await unpackArchive(archive, scratch);
    const facts = await checkUnpacked(scratch);
    const unknown = facts.manifest.migrations.filter((name) => !(name in migrations));
    if (unknown.length > 0)
      throw new Error(`The backup was made by a newer release (migrations ${unknown.join(', ')}).`);
    return {
      at: now.toISOString(),
      file,
      ok: true,
      rows: Object.values(facts.tables).reduce((a, b) => a + b, 0),
      files: facts.files,
    };
  } catch (err) {
    return { at: now.toISOString(), file, ok: false, error: (err as Error).message };
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}
