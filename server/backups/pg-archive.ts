/**
 * The PostgreSQL kind of backup archive: manifest.json, database.dump (pg_dump's custom format), the
 * uploads under uploads/ (the files of a local folder, or the bucket's objects when copied) and, for a
 * bucket, uploads.json listing every object with its size and checksums. Its checks after writing, and
 * the restore of its dump that `npm run restore` and the weekly drill share.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './backup-error.ts';
import { type BackupManifest, type ListedObject, ListedObjectsSchema } from './backup-manifest.ts';
import { listUploadKeys } from './embedded-data.ts';
import { sha256Of } from './file-hash.ts';
import { pgCounts, withPgClient } from './pg-data.ts';
import { type PgTools, runPgTool, toolConnection } from './pg-tools.ts';

export const DUMP_FILE = 'database.dump';
export const LISTING_FILE = 'uploads.json';

/** `pg_restore --list`: the dump can be read whole, and holds the data of every table the manifest counts. */
export async function checkDump(tools: PgTools, dump: string, manifest: BackupManifest): Promise<void> {
  const listing = await runPgTool(tools.pgRestore, ['--list', dump], process.env);
  const withData = new Set(
    listing
      .split('\n')
      .map((line) => /; \d+ \d+ TABLE DATA \S+ (\S+) /u.exec(line)?.[1])
      .filter((t): t is string => Boolean(t)),
  );
  const missing = Object.keys(manifest.tables).filter((t) => !withData.has(t));
  if (missing.length > 0)
    throw new BackupError(`The dump lacks the data of ${missing.length} tables (${missing.slice(0, 3).join(', ')}).`);
}

export async function readListing(file: string): Promise<ListedObject[]> {
  try {
    return ListedObjectsSchema.parse(JSON.parse(await fsp.readFile(file, 'utf8')));
  } catch (err) {
    throw new BackupError(`The archive's ${LISTING_FILE} cannot be read: ${(err as Error).message}`);
  }
}

/**
 * The uploads of an archive against its manifest and listing. `sizes` are the files under uploads/ (by
 * key); a listing's sizes and SHA-256 must match them when the objects were copied (`hashes` given once
 * the archive is unpacked whole).
 */
export function checkUploads(
  manifest: BackupManifest,
  sizes: Map<string, number>,
  listing: ListedObject[] | undefined,
  hashes?: Map<string, string>,
): void {
  const count = manifest.uploads === 'listing' ? (listing?.length ?? 0) : sizes.size;
  if (count !== manifest.files)
    throw new BackupError(`The manifest lists ${manifest.files} files, the archive holds ${count}: it is incomplete.`);
  if (manifest.uploads !== 'files' || !listing) return;
  for (const object of listing) {
    const size = sizes.get(object.key);
    if (size === undefined) throw new BackupError(`The archive lacks the object ${object.key} its listing names.`);
    if (size !== object.bytes)
      throw new BackupError(
        `The object ${object.key} holds ${size} bytes in the archive, ${object.bytes} in the bucket.`,
      );
    const hash = hashes?.get(object.key);
    if (hash !== undefined && object.sha256 && hash !== object.sha256)
      throw new BackupError(`The object ${object.key} in the archive does not match its checksum.`);
  }
  if (listing.length !== sizes.size)
    throw new BackupError(`The archive holds ${sizes.size} objects, its listing ${listing.length}.`);
}

/** An unpacked PostgreSQL archive's uploads checked whole (sizes and checksums); the listing, when there is one. */
export async function checkUnpackedUploads(dir: string, manifest: BackupManifest): Promise<ListedObject[] | undefined> {
  const listingFile = path.join(dir, LISTING_FILE);
  const listing = fs.existsSync(listingFile) ? await readListing(listingFile) : undefined;
  const keys = await listUploadKeys(path.join(dir, 'uploads'));
  const sizes = new Map<string, number>();
  const hashes = new Map<string, string>();
  for (const key of keys) {
    const file = path.join(dir, 'uploads', key);
    sizes.set(key, (await fsp.stat(file)).size);
    if (listing) hashes.set(key, await sha256Of(file));
  }
  checkUploads(manifest, sizes, listing, hashes);
  return listing;
}

/**
 * The dump restored with pg_restore into the (empty) database `url`, in one transaction (a failure
 * leaves it empty), then every table's rows compared with the manifest.
 */
export async function restoreDump(
  tools: PgTools,
  dump: string,
  url: string,
  manifest: BackupManifest,
): Promise<Record<string, number>> {
  const conn = toolConnection(url);
  await runPgTool(
    tools.pgRestore,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', conn.url, dump],
    conn.env,
  );
  const tables = await withPgClient(url, pgCounts);
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (tables[table] !== rows)
      throw new BackupError(
        `Table ${table}: the manifest says ${rows} rows, the restored database holds ${tables[table] ?? 0}.`,
      );
  }
  return tables;
}
