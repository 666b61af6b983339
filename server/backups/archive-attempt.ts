import fsp from 'node:fs/promises';
import path from 'node:path';
import { createArchive } from './archive-worker.ts';
import type { BackupManifest } from './backup-manifest.ts';

/** One try at a backup: its manifest, and the storage keys that rows refer to but were not there to archive. */
export interface Attempt {
  manifest: BackupManifest;
  missing: string[];
}

/**
 * Writes `manifest` as manifest.json into `staging` and archives it with the other `entries` (paths in
 * `staging`) into `partial`. A file listed a moment ago and gone now (an image deleted meanwhile) comes back as
 * missing, so the backup is taken again; otherwise the keys of `refs` that are not among `archived` are.
 */
export async function archiveAttempt(
  partial: string,
  staging: string,
  manifest: BackupManifest,
  entries: string[],
  archived: string[],
  refs: string[],
): Promise<Attempt> {
  await fsp.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    await createArchive(partial, staging, ['manifest.json', ...entries]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { manifest, missing: [String((err as Error).message)] };
    throw err;
  }
  const present = new Set(archived);
  return { manifest, missing: refs.filter((k) => !present.has(k)) };
}
