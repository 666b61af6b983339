/**
 * One archive (tar.gz) of a PostgreSQL install, in the same format as the embedded kind and safe to take
 * while the server runs: pg_dump's custom-format dump, taken in the same snapshot in which every table's
 * rows are counted for the manifest; then the uploads: a local folder's files, or the bucket's objects
 * listed with their size and checksum (ETag), or copied into the archive when BACKUP_COPY_UPLOADS is set.
 * Written under a temporary name, checked (pg_restore --list, the manifest), and only then given its name.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import pg from 'pg';
import type { Env } from '#server/env.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { uploadsBucketSettings } from '#server/storage/s3-settings.ts';
import { type S3StorageOptions, createS3Storage } from '#server/storage/s3-storage.ts';
import { checkArchive } from './archive-checks.ts';
import { type Attempt, archiveAttempt } from './archive-attempt.ts';
import { BackupError } from './backup-error.ts';
import { type BackupManifest, type ListedObject, MANIFEST_FORMAT } from './backup-manifest.ts';
import { listUploadKeys } from './embedded-data.ts';
import { sha256Of } from './file-hash.ts';
import { DUMP_FILE, LISTING_FILE } from './pg-archive.ts';
import { pgCounts, pgMigrations, pgReferencedKeys } from './pg-data.ts';
import { type PgTools, assertDumpable, findPgTools, runPgTool, toolConnection } from './pg-tools.ts';
import { PARTIAL_SUFFIX, STAGING_PREFIX, type WrittenBackup } from './write-backup.ts';

export interface PgBackupSource {
  databaseUrl: string;
  /** The uploads bucket (S3_*), or undefined when the files are in DATA_DIR/uploads. */
  bucket: S3StorageOptions | undefined;
  uploadsDir: string;
  /** The bucket's objects copied into the archive (BACKUP_COPY_UPLOADS), not only listed. */
  copyUploads: boolean;
  /** PG_DUMP_PATH. */
  pgDumpPath: string | undefined;
}

export const pgBackupSource = (env: Env): PgBackupSource | undefined =>
  env.DATABASE_URL
    ? {
        databaseUrl: env.DATABASE_URL,
        bucket: uploadsBucketSettings(env),
        uploadsDir: uploadsDir(env.dataDir),
        copyUploads: env.BACKUP_COPY_UPLOADS,
        pgDumpPath: env.PG_DUMP_PATH,
      }
    : undefined;

/** How long pg_dump waits for a table that another session is altering before it gives up. */
const PG_DUMP_LOCK_WAIT = '10s';

/** The dump, with the rows counted and the stored files' keys read in the snapshot pg_dump dumps. */
async function dumpDatabase(
  tools: PgTools,
  url: string,
  dump: string,
): Promise<{ tables: Record<string, number>; refs: string[]; migrations: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: number }>("select current_setting('server_version_num')::int as v");
    assertDumpable(tools, rows[0]!.v);
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const tables = await pgCounts(client);
    const refs = await pgReferencedKeys(client);
    const migrations = await pgMigrations(client);
    const conn = toolConnection(url);
    await runPgTool(
      tools.pgDump,
      // This transaction already holds a share lock on every table it counted. A migration that waits
      // for it to alter a table is queued ahead of pg_dump's own share lock on that table, and neither
      // would ever get its lock: pg_dump gives up instead, and the backup fails saying which table.
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        `--lock-wait-timeout=${PG_DUMP_LOCK_WAIT}`,
        '--file',
        dump,
        '--dbname',
        conn.url,
      ],
      conn.env,
    );
    await client.query('commit');
    return { tables, refs, migrations };
  } finally {
    await client.end();
  }
}

/** Every published object of the bucket, listed; with `copyInto`, also copied there and its SHA-256 taken. */
async function bucketObjects(options: S3StorageOptions, copyInto: string | undefined): Promise<ListedObject[]> {
  const storage = createS3Storage(options);
  try {
    const listed: ListedObject[] = [];
    for await (const object of storage.published()) listed.push(object);
    if (!copyInto) return listed;
    for (const object of listed) {
      const stored = await storage.get(object.key);
      // Deleted since the listing: left out, and the check of the rows' keys decides whether to try again.
      if (!stored) continue;
      const file = path.join(copyInto, ...object.key.split('/'));
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(stored.body, hashing, fs.createWriteStream(file));
      object.sha256 = hash.digest('hex');
      object.bytes = (await fsp.stat(file)).size;
    }
    return listed.filter((o) => o.sha256);
  } finally {
    storage.close();
  }
}

async function attempt(source: PgBackupSource, tools: PgTools, partial: string, now: Date): Promise<Attempt> {
  const staging = await fsp.mkdtemp(path.join(path.dirname(partial), `${STAGING_PREFIX}backup-`));
  try {
    const { tables, refs, migrations } = await dumpDatabase(tools, source.databaseUrl, path.join(staging, DUMP_FILE));
    let keys: string[];
    let listing: ListedObject[] | undefined;
    if (source.bucket) {
      listing = await bucketObjects(source.bucket, source.copyUploads ? path.join(staging, 'uploads') : undefined);
      keys = listing.map((o) => o.key);
      await fsp.writeFile(path.join(staging, LISTING_FILE), `${JSON.stringify(listing, null, 1)}\n`);
    } else {
      // The local uploads folder goes in through a link, as in the embedded kind.
      keys = await listUploadKeys(source.uploadsDir);
      if (keys.length > 0) await fsp.symlink(source.uploadsDir, path.join(staging, 'uploads'), 'dir');
    }
    const copied = !source.bucket || source.copyUploads;
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      kind: 'postgresql',
      uploads: copied ? 'files' : 'listing',
      createdAt: now.toISOString(),
      migrations,
      tables,
      files: keys.length,
    };
    return await archiveAttempt(
      partial,
      staging,
      manifest,
      [DUMP_FILE, ...(listing ? [LISTING_FILE] : []), ...(copied ? keys.map((k) => `uploads/${k}`) : [])],
      keys,
      refs,
    );
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Writes a checked backup of the PostgreSQL install to `out` (a new file). Files deleted while it runs make
 * it try again, up to three times. Throws a BackupError (pg_dump missing or too old, a failed check);
 * nothing is left at `out` or beside it on any failure.
 */
export async function writePgBackup(
  source: PgBackupSource,
  out: string,
  now: Date = new Date(),
): Promise<WrittenBackup> {
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists.`);
  const tools = await findPgTools({ pgDumpPath: source.pgDumpPath });
  const partial = `${out}${PARTIAL_SUFFIX}`;
  try {
    let result: Attempt | undefined;
    for (let i = 0; i < 3; i++) {
      result = await attempt(source, tools, partial, now);
      if (result.missing.length === 0) break;
      await fsp.rm(partial, { force: true });
    }
    if (!result || result.missing.length > 0)
      throw new BackupError(
        `Files changed during every try; the last try missed: ${result?.missing.slice(0, 5).join(', ')}`,
      );
    await checkArchive(partial, path.dirname(out), tools);
    const sha256 = await sha256Of(partial);
    await fsp.rename(partial, out);
    const { size } = await fsp.stat(out);
    return { file: out, bytes: size, sha256, manifest: result.manifest };
  } finally {
    await fsp.rm(partial, { force: true });
  }
}
