/**
 * npm run migrate-to -- --database postgres://USER:PASSWORD@HOST/DB --s3 s3://BUCKET
 *
 * Moves an embedded install (SQLite and uploads in DATA_DIR) to PostgreSQL and S3-compatible storage.
 * The bucket's endpoint, region and credentials come from S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE, as for the server. Stop the server first (or run it on
 * a copy made by `npm run backup` + `npm run restore`): writes made during the copy would be lost.
 *
 * It runs the migrations on the target, refuses a target database that already holds data, copies
 * every row of every table in one transaction and every stored file, then checks that the row count
 * of every table and the number of files match, and prints a summary. The source is left untouched.
 */
// First: the files and folders it writes are its user's alone (0600, 0700).
import '#server/startup/private-files.ts';
import fs from 'node:fs';
import os from 'node:os';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { openDb } from '#server/db/db.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { parseEnv } from '#server/env.ts';
import { uploadsBucketNamed } from '#server/storage/s3-settings.ts';
import { createS3Storage } from '#server/storage/s3-storage.ts';
import { contentTypeForKey, isValidKey } from '#server/storage/storage.ts';
import {
  OpsError,
  listUploadKeys,
  printTable,
  runScript,
  sqliteCounts,
  sqliteFile,
  sqliteTables,
  uploadsDir,
} from './ops/embedded.ts';

const USAGE =
  'Usage: npm run migrate-to -- --database postgres://… --s3 s3://BUCKET   (S3_ENDPOINT etc. from the environment)';
const BATCH = 500;
const PARALLEL_UPLOADS = 8;

/**
 * Rows that a fresh, migrated database holds before anyone used it (the admission status, the content
 * version, default site content...), read off a scratch SQLite database migrated by the same code, so a
 * new migration that seeds a table needs no change here.
 */
async function seededByMigrations(): Promise<Record<string, number>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-migrate-to-'));
  try {
    const scratch = openDb({ dataDir: dir });
    try {
      await migrateToLatest(scratch);
    } finally {
      await scratch.destroy();
    }
    const file = new SQLite(sqliteFile(dir), { readonly: true });
    try {
      return Object.fromEntries(Object.entries(sqliteCounts(file)).filter(([, n]) => n > 0));
    } finally {
      file.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The embedded search index (SQLite's FTS5 table, its shadow tables and its row map) is made from the rows
 * and has no counterpart by that name on PostgreSQL: it is not copied; the target's own triggers index each
 * row as it is copied.
 */
const isSearchIndexTable = (table: string) =>
  table === 'search_rows' || table === 'search_index' || table.startsWith('search_index_');

// The target's tables are only known at run time, hence Kysely<any> (as in migrations).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function targetCounts(db: AnyDb, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

async function assertEmptyTarget(db: AnyDb, seeded: Record<string, number>): Promise<void> {
  const tables = (await db.introspection.getTables()).map((t) => t.name);
  const counts = await targetCounts(db, tables);
  const used = Object.entries(counts).filter(([table, n]) => n > (seeded[table] ?? 0));
  if (used.length > 0) {
    throw new OpsError(
      `The target database is not empty (${used.map(([t, n]) => `${t}: ${n} rows`).join(', ')}). Migrate into a new, empty database.`,
    );
  }
}

function parseBucket(url: string): string {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/?$/u.exec(url);
  if (!match) throw new OpsError(`--s3 must be s3://BUCKET (a bucket name, no prefix), not ${url}`);
  return match[1]!;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { database: { type: 'string' }, s3: { type: 'string' } } });
  if (!values.database || !values.s3) throw new OpsError(USAGE);
  const bucket = parseBucket(values.s3);
  // The target goes through the same validation as the server's own configuration.
  const env = parseEnv({ ...process.env, DATABASE_URL: values.database, S3_BUCKET: bucket });

  const sourceFile = sqliteFile(env.dataDir);
  if (!fs.existsSync(sourceFile)) throw new OpsError(`There is no embedded database at ${sourceFile}: check DATA_DIR.`);
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  const target = openDb({ dataDir: env.dataDir, databaseUrl: env.DATABASE_URL, poolSize: 2 });
  const storage = createS3Storage(uploadsBucketNamed(env, bucket));

  try {
    const db = target as AnyDb;
    console.log(`Source: ${sourceFile} and ${uploadsDir(env.dataDir)}`);
    console.log(
      `Target: PostgreSQL ${new URL(values.database).host}${new URL(values.database).pathname}, bucket ${bucket}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}`,
    );

    const seeded = await seededByMigrations();
    await assertEmptyTarget(db, seeded);
    const applied = await migrateToLatest(target);
    console.log(applied.length > 0 ? `Migrated the target: ${applied.join(', ')}` : 'The target was already migrated.');
    await assertEmptyTarget(db, seeded);

    // One read transaction over the source: every table is copied as of the same moment.
    const tables = sqliteTables(source).filter((t) => !isSearchIndexTable(t));
    const targetTables = new Set((await db.introspection.getTables()).map((t) => t.name));
    const unknown = tables.filter((t) => !targetTables.has(t));
    if (unknown.length > 0)
      throw new OpsError(`The target has no table for ${unknown.join(', ')}: is this the same version of the app?`);
    const rowsOf = source.transaction(() =>
      Object.fromEntries(
        tables.map((t) => [t, source.prepare(`select * from "${t}"`).all() as Record<string, unknown>[]]),
      ),
    )();

    await db.transaction().execute(async (trx) => {
      for (const table of tables) {
        const rows = rowsOf[table] ?? [];
        if (seeded[table] !== undefined && rows.length > 0) await trx.deleteFrom(table).execute();
        for (let i = 0; i < rows.length; i += BATCH)
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + BATCH))
            .execute();
      }
    });

    const uploads = uploadsDir(env.dataDir);
    const keys = await listUploadKeys(uploads);
    const odd = keys.filter((k) => !isValidKey(k));
    if (odd.length > 0) console.warn(`Skipping ${odd.length} files whose names are not storage keys, e.g. ${odd[0]}`);
    const toCopy = keys.filter(isValidKey);
    let next = 0;
    let copied = 0;
    const worker = async () => {
      while (next < toCopy.length) {
        const key = toCopy[next++]!;
        await storage.put(key, await readFile(path.join(uploads, ...key.split('/'))), contentTypeForKey(key));
        copied++;
        if (copied % 100 === 0) console.log(`  copied ${copied} of ${toCopy.length} files`);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));

    // Verification: read everything back from the targets, not from what we meant to write.
    const sourceCounts = Object.fromEntries(tables.map((t) => [t, rowsOf[t]?.length ?? 0]));
    const copiedCounts = await targetCounts(db, tables);
    const inBucket = new Set<string>();
    for await (const key of storage.list()) inBucket.add(key);
    const missingFiles = toCopy.filter((k) => !inBucket.has(k));

    printTable([
      ['table', 'source', 'target', ''],
      ...tables.map((t) => [
        t,
        sourceCounts[t]!,
        copiedCounts[t]!,
        sourceCounts[t] === copiedCounts[t] ? 'ok' : 'MISMATCH',
      ]),
      ['files', toCopy.length, toCopy.length - missingFiles.length, missingFiles.length === 0 ? 'ok' : 'MISSING'],
    ]);
    const mismatched = tables.filter((t) => sourceCounts[t] !== copiedCounts[t]);
    if (mismatched.length > 0 || missingFiles.length > 0) {
      console.error(
        `Verification failed: ${mismatched.length} tables differ, ${missingFiles.length} files are missing from the bucket.`,
      );
      return 1;
    }
    await sql`analyze`.execute(db);
    console.log(
      `Done: ${tables.length} tables and ${toCopy.length} files copied and verified (the bucket holds ${inBucket.size} objects).\n` +
        'Next: set DATABASE_URL and the S3_* variables (S3_BUCKET=' +
        bucket +
        ') for the server, and restart it. The embedded data in DATA_DIR is unchanged.',
    );
    return 0;
  } finally {
    source.close();
    storage.close();
    await target.destroy();
  }
}

runScript(main);
