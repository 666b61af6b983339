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
import { checkUnpacked, unpackArchive } from '#server/backups/archive-checks.ts';
import { parseEnv } from '#server/env.ts';
import { OpsError, isEmptyOrMissing, printTable, runScript } from './ops/embedded.ts';

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
    await unpackArchive(archive, staging);
    const { tables, files } = await checkUnpacked(staging);
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
