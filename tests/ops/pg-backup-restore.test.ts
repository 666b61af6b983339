/**
 * A PostgreSQL + S3 install backed up with `npm run backup` (pg_dump, the bucket's objects copied or
 * listed), restored with `npm run restore` into an empty database and an empty bucket: every row and
 * every object back. A database or bucket that is not empty is refused; the weekly drill restores into
 * a scratch database, and says so in words when the role may not create one.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreDrill } from '#server/backups/restore-drill.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { runScript } from './run-script.ts';
import { type S3rverInFolder, startS3rverInFolder } from './s3rver-in-folder.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, signIn, startServer, uploadImage } from './server-process.ts';

const databaseServer = testDatabaseServer();
if (!databaseServer) {
  console.warn(
    'tests/ops/pg-backup-restore.test.ts skipped: set DATABASE_URL=postgres://… (or run `npm run test:pg`) to back up PostgreSQL.',
  );
}

/** Every row of every table (the migrations' own too), each table's rows sorted: what "the same data" means. */
async function everyRow(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        'select tablename as name from pg_tables where schemaname = current_schema() order by tablename',
      )
    ).rows.map((r) => r.name);
    const rows: Record<string, string[]> = {};
    for (const table of tables)
      rows[table] = (await client.query<{ r: string }>(`select row_to_json(t)::text as r from "${table}" t`)).rows
        .map((r) => r.r)
        .sort();
    return rows;
  } finally {
    await client.end();
  }
}

/** Every object of a bucket, key → bytes. */
async function everyObject(s3: S3rverInFolder): Promise<Map<string, Buffer>> {
  const storage = s3.storage();
  try {
    const objects = new Map<string, Buffer>();
    for await (const key of storage.list()) {
      const stored = await storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      objects.set(key, Buffer.concat(chunks));
    }
    return objects;
  } finally {
    storage.close();
  }
}

describe.skipIf(!databaseServer)('backup and restore of a PostgreSQL + S3 install', () => {
  let root: string;
  let source: ScratchDatabase;
  let uploads: S3rverInFolder;
  let server: ServerProcess;
  const scratch: ScratchDatabase[] = [];
  const buckets: S3rverInFolder[] = [];
  const copy = () => path.join(root, 'copied.tar.gz');
  const listed = () => path.join(root, 'listed.tar.gz');
  const sourceEnv = () => ({ DATA_DIR: path.join(root, 'data'), DATABASE_URL: source.url, ...uploads.env });

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-pg-backup-test-'));
    source = await createScratchDatabase(databaseServer!, 'pgbackup');
    uploads = await startS3rverInFolder(path.join(root, 's3-source'), 'orbit-uploads');
    // The demo content (notices, photos in the bucket) and an admin, then one more photo.
    server = await startServer({ ...sourceEnv(), SEED_DEMO: 'true', ADMIN_EMAIL, ADMIN_PASSWORD });
    const cookie = await signIn(server);
    const image = await buildImage({ width: 700, height: 500 });
    expect((await uploadImage(server, cookie, 'gallery', image)).status).toBe(201);
    await server.stop();
  });

  afterAll(async () => {
    await server?.stop();
    await Promise.all([uploads, ...buckets].map((b) => b?.close()));
    await Promise.all([source, ...scratch].map((d) => d?.drop()));
    await fs.rm(root, { recursive: true, force: true });
  });

  it('writes a checked archive with pg_dump and a copy of the bucket', async () => {
    const result = await runScript('backup', ['--out', copy()], { ...sourceEnv(), BACKUP_COPY_UPLOADS: 'true' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Backup written: .*copied\.tar\.gz/u);
    expect(result.stdout).toMatch(/files in uploads\s+\d+/u);
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const before = await everyRow(source.url);
    const result = await runScript('restore', [copy()], sourceEnv());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The database ${new URL(source.url).pathname.slice(1)} is not empty`);
    expect(await everyRow(source.url)).toEqual(before);
  });

  it('refuses a bucket that is not empty, and leaves the empty database empty', async () => {
    const target = await createScratchDatabase(databaseServer!, 'pgrestore');
    scratch.push(target);
    const result = await runScript('restore', [copy()], { ...sourceEnv(), DATABASE_URL: target.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The bucket orbit-uploads is not empty');
    expect(await everyRow(target.url)).toEqual({});
  });

  it('restores into an empty database and an empty bucket: every row and every object back', async () => {
    const target = await createScratchDatabase(databaseServer!, 'pgrestore');
    scratch.push(target);
    const bucket = await startS3rverInFolder(path.join(root, 's3-target'), 'orbit-restored');
    buckets.push(bucket);
    const result = await runScript('restore', [copy()], {
      DATA_DIR: path.join(root, 'restored'),
      DATABASE_URL: target.url,
      ...bucket.env,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Restored');

    const rows = await everyRow(source.url);
    expect(rows['notices']?.length).toBeGreaterThan(0);
    expect(await everyRow(target.url)).toEqual(rows);
    const objects = await everyObject(uploads);
    expect(objects.size).toBeGreaterThan(3);
    expect(await everyObject(bucket)).toEqual(objects);
  });

  it('lists the bucket without copying it, and restores the database against the bucket that holds the objects', async () => {
    const made = await runScript('backup', ['--out', listed()], sourceEnv());
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('objects listed (bucket orbit-uploads)');
    expect((await fs.stat(listed())).size).toBeLessThan((await fs.stat(copy())).size);

    const target = await createScratchDatabase(databaseServer!, 'pgrestore');
    scratch.push(target);
    const result = await runScript('restore', [listed()], { ...sourceEnv(), DATABASE_URL: target.url });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/objects checked in the bucket\s+\d+/u);
    expect(await everyRow(target.url)).toEqual(await everyRow(source.url));
  });

  it('says in words that pg_dump is missing, and writes nothing', async () => {
    const out = path.join(root, 'never.tar.gz');
    const result = await runScript('backup', ['--out', out], { ...sourceEnv(), PG_DUMP_PATH: '/nowhere/pg_dump' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PG_DUMP_PATH names /nowhere/pg_dump');
    expect(result.stderr).toContain('apt install postgresql-client');
    expect((await fs.readdir(root)).filter((n) => n.startsWith('never'))).toEqual([]);
  });

  it('drills the backup in a scratch database, and says so when the role may not create one', async () => {
    const drill = await restoreDrill(copy(), root, new Date(), { databaseUrl: source.url, pgDumpPath: undefined });
    expect(drill.error).toBeUndefined();
    expect(drill).toMatchObject({ ok: true, file: 'copied.tar.gz' });
    const total = Object.values(await everyRow(source.url)).reduce((n, rows) => n + rows.length, 0);
    // The drill counts the application's tables (not the migrations' own).
    expect(drill.rows).toBeGreaterThan(0);
    expect(drill.rows).toBeLessThan(total);

    const role = `orbit_nocreatedb_${Date.now()}`;
    const admin = new pg.Client({ connectionString: source.url });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login password 'pw' nocreatedb`);
      const limited = new URL(source.url);
      limited.username = role;
      limited.password = 'pw';
      const refused = await restoreDrill(copy(), root, new Date(), {
        databaseUrl: limited.toString(),
        pgDumpPath: undefined,
      });
      expect(refused.ok).toBe(false);
      expect(refused.error).toContain('may not create databases');
    } finally {
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  });
});
