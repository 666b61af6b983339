/**
 * npm run restore -- FILE [--data-dir DIR]
 *
 * Restores a backup archive (`npm run backup`, or one the server made) of either kind:
 * - embedded (SQLite + uploads): into a fresh DATA_DIR (from --data-dir or the DATA_DIR variable);
 * - PostgreSQL: its dump with pg_restore into the empty database DATABASE_URL names, and its uploads
 *   into the empty bucket S3_BUCKET names (or DATA_DIR/uploads without one). A backup that only listed
 *   the bucket's objects is checked against the bucket S3_BUCKET names, which must hold them all.
 * An archive encrypted by `npm run backup` with BACKUP_PASSPHRASE is opened with it first (into a private
 * temporary folder, deleted after).
 * It refuses a target that is not empty, so it can never overwrite a live install. The archive is
 * unpacked beside the target and checked against its manifest before anything is written.
 */
// First: the files and folders it writes are its user's alone (0600, 0700).
import '#server/startup/private-files.ts';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { archiveManifest, checkUnpacked, readManifest, unpackArchive } from '#server/backups/archive-checks.ts';
import { BackupPassphraseError, decryptBackup, isEncryptedBackup } from '#server/backups/backup-crypto.ts';
import type { ListedObject } from '#server/backups/backup-manifest.ts';
import { listUploadKeys } from '#server/backups/embedded-data.ts';
import { DUMP_FILE, checkUnpackedUploads, restoreDump } from '#server/backups/pg-archive.ts';
import { databaseName, pgObjectCount, withPgClient } from '#server/backups/pg-data.ts';
import { findPgTools } from '#server/backups/pg-tools.ts';
import { type Env, parseEnv } from '#server/env.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { uploadsBucketSettings } from '#server/storage/s3-settings.ts';
import { type S3Storage, createS3Storage } from '#server/storage/s3-storage.ts';
import { contentTypeForKey } from '#server/storage/storage.ts';
import { OpsError, isEmptyOrMissing, printTable, runScript } from './ops/embedded.ts';

async function restoreEmbedded(archive: string, env: Env): Promise<void> {
  if (env.DATABASE_URL) {
    throw new OpsError(
      'DATABASE_URL is set, but this backup is of an embedded install (SQLite in DATA_DIR): unset DATABASE_URL to restore it.',
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

const bucketOf = (env: Env): S3Storage | undefined => {
  const settings = uploadsBucketSettings(env);
  return settings ? createS3Storage(settings) : undefined;
};

async function bucketHolds(bucket: S3Storage): Promise<Map<string, { bytes: number; etag: string }>> {
  const held = new Map<string, { bytes: number; etag: string }>();
  for await (const o of bucket.published()) held.set(o.key, o);
  return held;
}

/** The objects a listing-only backup names that the bucket lacks, or holds with another size or checksum. */
function unlike(listing: ListedObject[], held: Map<string, { bytes: number; etag: string }>): string[] {
  return listing
    .filter((o) => {
      const h = held.get(o.key);
      return !h || h.bytes !== o.bytes || (o.etag !== '' && h.etag !== o.etag);
    })
    .map((o) => o.key);
}

/** Each file an archive holds put back at its key in the bucket, then the bucket compared with the archive. */
async function fillBucket(bucket: S3Storage, from: string, keys: string[]): Promise<void> {
  for (const key of keys) {
    const body = await fsp.readFile(path.join(from, ...key.split('/')));
    await bucket.put(key, body, key.endsWith('.pdf') ? 'application/pdf' : contentTypeForKey(key));
  }
  const held = await bucketHolds(bucket);
  for (const key of keys) {
    const size = (await fsp.stat(path.join(from, ...key.split('/')))).size;
    if (held.get(key)?.bytes !== size) throw new OpsError(`The object ${key} did not arrive whole in the bucket.`);
  }
}

async function restorePostgres(archive: string, env: Env): Promise<void> {
  const url = env.DATABASE_URL;
  if (!url) {
    throw new OpsError(
      'This backup is of a PostgreSQL install: set DATABASE_URL to an empty database (createdb NAME) to restore it into.',
    );
  }
  const manifest = await archiveManifest(archive, os.tmpdir());
  const tools = await findPgTools({ pgDumpPath: env.PG_DUMP_PATH });
  const name = databaseName(url);
  const objects = await withPgClient(url, pgObjectCount);
  if (objects > 0) {
    throw new OpsError(
      `The database ${name} is not empty (${objects} tables, views or sequences). Restore only into an empty database: create one with \`createdb NEW_NAME\` and point DATABASE_URL at it. Nothing was changed.`,
    );
  }
  const bucket = bucketOf(env);
  try {
    // Every target checked before anything is written.
    if (manifest.uploads === 'listing' && !bucket)
      throw new OpsError(
        "This backup lists the uploads bucket's objects without holding them: set S3_BUCKET (and S3_*) to the bucket that holds them.",
      );
    if (manifest.uploads === 'files') {
      if (bucket) {
        if ((await bucketHolds(bucket)).size > 0)
          throw new OpsError(
            `The bucket ${env.S3_BUCKET} is not empty. Restore only into an empty bucket: create a new one and point S3_BUCKET at it. Nothing was changed.`,
          );
      } else if (!(await isEmptyOrMissing(uploadsDir(env.dataDir)))) {
        throw new OpsError(
          `${uploadsDir(env.dataDir)} is not empty. Restore only into an empty uploads folder: move it aside first, or pass --data-dir. Nothing was changed.`,
        );
      }
    }

    await fsp.mkdir(env.dataDir, { recursive: true });
    const staging = await fsp.mkdtemp(path.join(env.dataDir, '.orbit-restore-'));
    try {
      await unpackArchive(archive, staging);
      const listing = await checkUnpackedUploads(staging, await readManifest(path.join(staging, 'manifest.json')));
      if (manifest.uploads === 'listing') {
        const wrong = unlike(listing ?? [], await bucketHolds(bucket!));
        if (wrong.length > 0)
          throw new OpsError(
            `The bucket ${env.S3_BUCKET} lacks ${wrong.length} of the ${manifest.files} objects this backup lists, or holds them changed (${wrong.slice(0, 3).join(', ')}). Nothing was changed.`,
          );
      }
      const tables = await restoreDump(tools, path.join(staging, DUMP_FILE), url, manifest);
      const keys = await listUploadKeys(path.join(staging, 'uploads'));
      if (manifest.uploads === 'files') {
        if (bucket) await fillBucket(bucket, path.join(staging, 'uploads'), keys);
        else {
          await fsp.rm(uploadsDir(env.dataDir), { recursive: true, force: true });
          await fsp.rename(path.join(staging, 'uploads'), uploadsDir(env.dataDir));
        }
      }
      const where = bucket ? `the bucket ${env.S3_BUCKET}` : uploadsDir(env.dataDir);
      console.log(`Restored ${archive} into the database ${name} and ${where}`);
      const files = manifest.uploads === 'listing' ? 'objects checked in the bucket' : 'files restored';
      printTable([['table', 'rows'], ...Object.entries(tables), [files, manifest.files]]);
      console.log('Start the server with this DATABASE_URL (and these S3_* settings) to serve it.');
    } finally {
      await fsp.rm(staging, { recursive: true, force: true });
    }
  } finally {
    bucket?.close();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
  const archive = positionals[0];
  if (!archive || positionals.length > 1) throw new OpsError('Usage: npm run restore -- FILE [--data-dir DIR]');
  if (!fs.existsSync(archive)) throw new OpsError(`No such file: ${archive}`);
  const env = parseEnv(values['data-dir'] ? { ...process.env, DATA_DIR: values['data-dir'] } : process.env);
  if (!(await isEncryptedBackup(archive))) return restoreArchive(archive, env);
  if (!env.BACKUP_PASSPHRASE) throw new OpsError(`${archive} is encrypted: set BACKUP_PASSPHRASE to its passphrase.`);
  // Opened into a folder only this user may read, and deleted after, whatever happens.
  const opened = await fsp.mkdtemp(path.join(os.tmpdir(), 'orbit-restore-'));
  try {
    const plain = path.join(opened, 'backup.tar.gz');
    await decryptBackup(archive, plain, env.BACKUP_PASSPHRASE).catch((err: unknown) => {
      throw err instanceof BackupPassphraseError ? new OpsError(err.message) : err;
    });
    await restoreArchive(plain, env);
  } finally {
    await fsp.rm(opened, { recursive: true, force: true });
  }
}

async function restoreArchive(archive: string, env: Env): Promise<void> {
  const manifest = await archiveManifest(archive, os.tmpdir());
  if (manifest.kind === 'postgresql') await restorePostgres(archive, env);
  else await restoreEmbedded(archive, env);
}

runScript(main);
