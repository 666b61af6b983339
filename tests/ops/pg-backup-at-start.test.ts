/**
 * The real server (`server/main.ts`) on PostgreSQL at start: a database at the previous release's
 * migrations is backed up with pg_dump before it is upgraded (the archive of the scheduled backups), and
 * the upgrade is refused, changing nothing, when that backup cannot be made. Processes starting together
 * make it once, and never of a database that another one is migrating.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_NAME } from '#common/backups.ts';
import { openDb } from '#server/db/db.ts';
import { migrateToLatest, migrations } from '#server/db/migrate.ts';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { startExpectingExit } from './failed-start.ts';
import { readManifest, releaseFixtures } from './release-fixture.ts';
import { startServer } from './server-process.ts';

const databaseServer = testDatabaseServer();
if (!databaseServer) {
  console.warn(
    'tests/ops/pg-backup-at-start.test.ts skipped: set DATABASE_URL=postgres://… (or run `npm run test:pg`) to upgrade PostgreSQL.',
  );
}

/** The previous release: the fixture with the most migrations. */
const previous = releaseFixtures()
  .map((name) => readManifest(name).migrations)
  .sort((a, b) => a.length - b.length)
  .at(-1)!;

async function appliedMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map(
      (r) => r.name,
    );
  } finally {
    await client.end();
  }
}

describe.skipIf(!databaseServer)(`the pre-upgrade backup on PostgreSQL (at ${previous.at(-1)})`, () => {
  let root: string;
  const databases: ScratchDatabase[] = [];

  /** An empty database, dropped after the tests. */
  async function scratchDatabase(label: string): Promise<ScratchDatabase> {
    const database = await createScratchDatabase(databaseServer!, label);
    databases.push(database);
    return database;
  }

  /** A database as the previous release left it: its migrations only. */
  async function previousRelease(): Promise<ScratchDatabase> {
    const database = await scratchDatabase('preupgrade');
    const db = openDb({ dataDir: root, databaseUrl: database.url });
    try {
      await migrateToLatest(db, { migrations: Object.fromEntries(previous.map((name) => [name, migrations[name]!])) });
    } finally {
      await db.destroy();
    }
    return database;
  }

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-pg-backup-at-start-'));
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.drop()));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is made with pg_dump, checked and recorded before the migrations run', async () => {
    expect(Object.keys(migrations).length).toBeGreaterThan(previous.length);
    const database = await previousRelease();
    const dataDir = path.join(root, 'upgrade');
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, BACKUP_SCHEDULE: 'false' });
    await server.stop();

    const dir = path.join(dataDir, 'backups');
    const archives = fs.readdirSync(dir).filter((n) => BACKUP_NAME.test(n));
    expect(archives).toHaveLength(1);
    const state = JSON.parse(fs.readFileSync(path.join(dir, 'backup-state.json'), 'utf8')) as {
      runs: { reason: string; ok: boolean; file: string }[];
    };
    expect(state.runs).toMatchObject([{ reason: 'pre-upgrade', ok: true, file: archives[0] }]);

    // The archive holds the database as the previous release left it: its migrations, pg_dump's dump.
    const out = path.join(root, 'unpacked');
    fs.mkdirSync(out);
    await tar.extract({ file: path.join(dir, archives[0]!), cwd: out });
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as {
      kind: string;
      migrations: string[];
    };
    expect(manifest).toMatchObject({ kind: 'postgresql', migrations: previous });
    expect(fs.readdirSync(out)).toContain('database.dump');
    // And then the server upgraded the database.
    expect(await appliedMigrations(database.url)).toEqual(Object.keys(migrations).sort());
  });

  /**
   * Starts two servers together on `database`, each with a data folder of its own (as on two machines, which
   * share no backup folder), and stops them (exit 0 expected). Answers the backups both folders hold.
   */
  async function startTwoTogether(database: ScratchDatabase, label: string): Promise<string[]> {
    const dataDirs = [path.join(root, `${label}-a`), path.join(root, `${label}-b`)];
    const servers = await Promise.all(
      dataDirs.map((dir) => startServer({ DATA_DIR: dir, DATABASE_URL: database.url, BACKUP_SCHEDULE: 'false' })),
    );
    expect(await Promise.all(servers.map((s) => s.stop()))).toEqual([0, 0]);
    return dataDirs.flatMap((d) => {
      const dir = path.join(d, 'backups');
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => BACKUP_NAME.test(n)) : [];
    });
  }

  it('is made once when two processes (on two machines) start together, and both then serve', async () => {
    const database = await previousRelease();
    // One of them backed the database up as the previous release left it and migrated it; the other
    // waited, then found nothing to do. Neither backed up a database half migrated.
    expect(await startTwoTogether(database, 'together')).toHaveLength(1);
    expect(await appliedMigrations(database.url)).toEqual(Object.keys(migrations).sort());
  });

  it('is not made when two processes start together on an empty database', async () => {
    const database = await scratchDatabase('fresh');
    expect(await startTwoTogether(database, 'fresh')).toEqual([]);
    expect(await appliedMigrations(database.url)).toEqual(Object.keys(migrations).sort());
  });

  it('refuses to migrate, changing nothing, when pg_dump cannot be run', async () => {
    const database = await previousRelease();
    const result = await startExpectingExit({
      DATA_DIR: path.join(root, 'no-pg-dump'),
      DATABASE_URL: database.url,
      PG_DUMP_PATH: path.join(root, 'no-such-pg_dump'),
    });
    expect(result.code, result.stderr).toBe(1);
    const message = result.stderr.trim();
    expect(message).toMatch(/^The server cannot start: this release must upgrade the database \(migrations /u);
    expect(message).toContain(`but that backup failed: PG_DUMP_PATH names ${path.join(root, 'no-such-pg_dump')}`);
    expect(message).toContain('Nothing was changed');
    expect(message).not.toContain('\n');
    expect(await appliedMigrations(database.url)).toEqual(previous);
  });
});
