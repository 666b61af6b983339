/**
 * npm run backup [-- --out FILE]
 *
 * One checked archive (tar.gz) of an embedded install, safe to take while the server runs: the same
 * backup the server makes on its schedule (server/backups/write-backup.ts). Restore with `npm run restore`.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '#server/backups/write-backup.ts';
import { parseEnv } from '#server/env.ts';
import { OpsError, printTable, runScript } from './ops/embedded.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const env = parseEnv();
  if (env.DATABASE_URL) {
    throw new OpsError(
      'DATABASE_URL is set, so the data is in PostgreSQL: back it up with pg_dump, and the bucket with its own tools (docs/operations.md). `npm run backup` covers the embedded install.',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
  const out = path.resolve(values.out ?? path.join('backups', `orbit-backup-${stamp}.tar.gz`));
  if (fs.existsSync(out)) throw new OpsError(`${out} already exists; choose another --out.`);
  await fsp.mkdir(path.dirname(out), { recursive: true });

  const { bytes: size, manifest } = await writeBackup(env.dataDir, out);
  console.log(`Backup written: ${out} (${(size / 1024 / 1024).toFixed(1)} MB)`);
  printTable([['table', 'rows'], ...Object.entries(manifest.tables), ['files in uploads', manifest.files]]);
  if (env.S3_BUCKET) {
    console.log(`Note: S3_BUCKET is set, so the images are in the bucket ${env.S3_BUCKET}, not in this archive.`);
  }
}

runScript(main);
