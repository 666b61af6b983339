/**
 * npm run backup [-- --out FILE]
 *
 * One checked archive (tar.gz) of the install, safe to take while the server runs: the same backup the
 * server makes on its schedule (server/backups/write-backup.ts for SQLite, write-pg-backup.ts for
 * PostgreSQL with pg_dump). Restore with `npm run restore`. With BACKUP_PASSPHRASE set, the archive is
 * encrypted under it (AES-256-GCM, scrypt; server/backups/backup-crypto.ts) and named *.tar.gz.enc.
 */
// First: the files and folders it writes are its user's alone (0600, 0700).
import '#server/startup/private-files.ts';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { encryptBackup } from '#server/backups/backup-crypto.ts';
import { writeBackup } from '#server/backups/write-backup.ts';
import { pgBackupSource, writePgBackup } from '#server/backups/write-pg-backup.ts';
import { parseEnv } from '#server/env.ts';
import { OpsError, printTable, runScript } from './ops/embedded.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const env = parseEnv();
  const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
  const passphrase = env.BACKUP_PASSPHRASE;
  const name = `orbit-backup-${stamp}.tar.gz${passphrase ? '.enc' : ''}`;
  const out = path.resolve(values.out ?? path.join('backups', name));
  if (fs.existsSync(out)) throw new OpsError(`${out} already exists; choose another --out.`);
  await fsp.mkdir(path.dirname(out), { recursive: true });

  const pg = pgBackupSource(env);
  // With a passphrase, the archive is written beside the output, encrypted into it, and deleted.
  const archive = passphrase ? `${out}.plain.tmp` : out;
  let written;
  try {
    written = pg ? await writePgBackup(pg, archive) : await writeBackup(env.dataDir, archive);
    if (passphrase) await encryptBackup(archive, out, passphrase);
  } finally {
    if (passphrase) await fsp.rm(archive, { force: true });
  }
  const { manifest } = written;
  const size = (await fsp.stat(out)).size;
  const sealed = passphrase ? ', encrypted with BACKUP_PASSPHRASE' : '';
  console.log(`Backup written: ${out} (${(size / 1024 / 1024).toFixed(1)} MB${sealed})`);
  const uploads = manifest.uploads === 'listing' ? `objects listed (bucket ${env.S3_BUCKET})` : 'files in uploads';
  printTable([['table', 'rows'], ...Object.entries(manifest.tables), [uploads, manifest.files]]);
  if (!pg && env.S3_BUCKET) {
    console.log(`Note: S3_BUCKET is set, so the images are in the bucket ${env.S3_BUCKET}, not in this archive.`);
  }
  if (manifest.uploads === 'listing') {
    console.log(
      `Note: the bucket ${env.S3_BUCKET}'s objects are listed with their checksums, not copied; set BACKUP_COPY_UPLOADS=true to copy them into the archive.`,
    );
  }
}

runScript(main);
