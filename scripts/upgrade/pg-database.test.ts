/**
 * Putting a pre-upgrade backup back into the same PostgreSQL database (PostgreSQL pass only): the app's
 * schema swapped for the backup's restore and the newer state kept as a dump; a restore that fails
 * leaves the database as it was; a role that may not swap the schema is refused by the rehearsal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackArchive } from '#server/backups/archive-checks.ts';
import { withPgClient } from '#server/backups/pg-data.ts';
import { type PgBackupSource, writePgBackup } from '#server/backups/write-pg-backup.ts';
import { type Db, openDb } from '#server/db/db.ts';
import { openTestDb, testDatabaseServer } from '#server/test-support/test-database.ts';
import { pgAppliedMigrations, rehearsePgRestore, restorePgDatabase } from './pg-database.ts';

const server = testDatabaseServer();

describe.skipIf(!server)('putting a PostgreSQL backup back in the same database', () => {
  let root: string;
  let db: Db;
  let cleanup: () => Promise<void>;
  let source: PgBackupSource;
  let archive: string;

  const probe = async () =>
    (await sql<{ id: number }>`select id from upgrade_probe order by id`.execute(db)).rows.map((r) => r.id);
  const schemas = () =>
    withPgClient(source.databaseUrl, async (c) =>
      (
        await c.query<{ name: string }>(
          "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by 1",
        )
      ).rows.map((r) => r.name),
    );
  const unpacked = async () => {
    const staging = fs.mkdtempSync(path.join(root, 'staging-'));
    await unpackArchive(archive, staging);
    return staging;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-upgrade-pg-'));
    const opened = await openTestDb(path.join(root, 'data'));
    db = opened.db;
    cleanup = opened.cleanup;
    source = {
      databaseUrl: opened.databaseUrl!,
      bucket: undefined,
      uploadsDir: path.join(root, 'data', 'uploads'),
      copyUploads: false,
      pgDumpPath: undefined,
    };
    await sql`create table upgrade_probe (id integer primary key)`.execute(db);
    await sql`insert into upgrade_probe values (1)`.execute(db);
    archive = path.join(root, 'before.tar.gz');
    await writePgBackup(source, archive);
  });

  afterAll(async () => {
    await cleanup?.();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('reads the migrations the database ran', async () => {
    expect(await pgAppliedMigrations(source.databaseUrl)).toContain('0001-initial');
  });

  it('the rehearsal passes for the owner, and changes nothing', async () => {
    await rehearsePgRestore(source);
    expect(await schemas()).toEqual(['public']);
    expect(await probe()).toEqual([1]);
  });

  it('swaps in the backup, keeps what was there as a dump, and leaves no schema aside', async () => {
    await sql`insert into upgrade_probe values (2)`.execute(db);
    await sql`create table upgrade_newer (id integer)`.execute(db);
    const acl = () =>
      withPgClient(
        source.databaseUrl,
        async (c) =>
          (
            await c.query<{ acl: string }>(
              "select pg_get_userbyid(nspowner) || ' ' || coalesce(nspacl::text, '') as acl from pg_namespace where nspname = 'public'",
            )
          ).rows[0]!.acl,
      );
    const aclBefore = await acl();
    const keepAs = path.join(root, 'kept', 'database-failed-upgrade.dump');
    await db.destroy();
    const staging = await unpacked();
    expect(await restorePgDatabase(source, staging, { label: 'failed-upgrade', keepAs })).toBe(keepAs);
    ({ db, cleanup } = await reopen(source.databaseUrl, cleanup));
    expect(await probe()).toEqual([1]);
    expect(
      (await sql<{ t: string | null }>`select to_regclass('upgrade_newer')::text as t`.execute(db)).rows[0]!.t,
    ).toBeNull();
    expect(fs.statSync(keepAs).size).toBeGreaterThan(0);
    expect(await schemas()).toEqual(['public']);
    // The same owner and grants as the schema it replaced.
    expect(await acl()).toBe(aclBefore);
  });

  it('a restore that fails leaves the database as it was', async () => {
    await sql`insert into upgrade_probe values (3)`.execute(db);
    await db.destroy();
    const staging = await unpacked();
    // A manifest that does not match the dump: the restored rows are refused after pg_restore.
    const manifestFile = path.join(staging, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { tables: Record<string, number> };
    manifest.tables.upgrade_probe = 99;
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    await expect(
      restorePgDatabase(source, staging, { label: 'failed-upgrade', keepAs: path.join(root, 'never.dump') }),
    ).rejects.toThrow(/could not be restored, so the database was left as it was: .*upgrade_probe/u);
    ({ db, cleanup } = await reopen(source.databaseUrl, cleanup));
    expect(await probe()).toEqual([1, 3]);
    expect(await schemas()).toEqual(['public']);
    expect(fs.existsSync(path.join(root, 'never.dump'))).toBe(false);
  });

  it('a role that may not swap the schema is refused by the rehearsal, in words', async () => {
    const role = `orbit_upgrade_probe_${process.pid}`;
    // It may use the schema (so it is its current schema) but does not own it.
    await withPgClient(source.databaseUrl, async (c) => {
      await c.query(`create role ${role} login`);
      await c.query(`grant usage on schema public to ${role}`);
    });
    try {
      const url = new URL(source.databaseUrl);
      url.username = role;
      url.password = '';
      await expect(rehearsePgRestore({ ...source, databaseUrl: url.toString() })).rejects.toThrow(
        /may not rename the schema public and create it again/u,
      );
      expect(await schemas()).toEqual(['public']);
    } finally {
      await withPgClient(source.databaseUrl, async (c) => {
        await c.query(`revoke usage on schema public from ${role}`);
        await c.query(`drop role ${role}`);
      });
    }
  });
});

/** A new pool on the same database (the old one was closed before the swap), with the same clean-up. */
async function reopen(url: string, cleanup: () => Promise<void>): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const db = openDb({ dataDir: os.tmpdir(), databaseUrl: url, poolSize: 2 });
  return {
    db,
    cleanup: async () => {
      await db.destroy();
      await cleanup();
    },
  };
}
