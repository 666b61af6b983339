import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { DATABASE_BUSY_WAIT_MS } from './busy-wait.ts';
import { type Db, isPostgres, openDb } from './db.ts';
import { MigrationFailedError, MigrationHistoryError, migrateToLatest, migrations } from './migrate.ts';

const engine = testDatabaseServer() ? 'PostgreSQL' : 'SQLite';
const released = Object.keys(migrations).sort();
const cleanups: (() => Promise<void>)[] = [];

/** An empty database of its own on the engine under test, plus a second pool on it for PostgreSQL. */
async function emptyDatabase(): Promise<{ db: Db; reopen: () => Db }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-migrate-'));
  const server = testDatabaseServer();
  const scratch = server ? await createScratchDatabase(server, 'migrate') : undefined;
  const opened: Db[] = [];
  const reopen = () => {
    const db = openDb({ dataDir, databaseUrl: scratch?.url, poolSize: 2 });
    opened.push(db);
    return db;
  };
  cleanups.push(async () => {
    for (const db of opened) await db.destroy();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return { db: reopen(), reopen };
}
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations take Kysely<any>, as the real ones do
type AnyDb = Kysely<any>;

/** Creates a table and writes a notice, then fails: everything it did must be undone. */
const failsHalfWay: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('half_way')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    await db.insertInto('half_way').values({ id: 1 }).execute();
    await db
      .insertInto('notices')
      .values({ id: 'half-way', title: 't', description: 'd', link: null, created_at: new Date().toISOString() })
      .execute();
    throw new Error('disk on fire');
  },
};

const createsTable = (table: string): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  },
});

const tableNames = async (db: Db): Promise<string[]> =>
  (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);

const appliedNames = async (db: Db): Promise<string[]> =>
  (await (db as AnyDb).selectFrom('kysely_migration').select('name').execute())
    .map((r: { name: string }) => r.name)
    .sort();

describe(`migrations on ${engine}`, () => {
  it('runs on the engine DATABASE_URL names', async () => {
    const { db } = await emptyDatabase();
    expect(isPostgres(db)).toBe(engine === 'PostgreSQL');
  });

  it('applies every released migration to an empty database and nothing on a second run', async () => {
    const { db } = await emptyDatabase();
    expect(await migrateToLatest(db)).toEqual(released);
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await appliedNames(db)).toEqual(released);
  });

  it('rolls back a migration that fails half-way: its table and rows are gone, the earlier migrations stay', async () => {
    const { db } = await emptyDatabase();
    const error = await migrateToLatest(db, { migrations: { ...migrations, '9000-half-way': failsHalfWay } }).catch(
      (err: unknown) => err,
    );

    expect(error).toBeInstanceOf(MigrationFailedError);
    expect(error).toMatchObject({ migration: '9000-half-way', applied: released });
    expect((error as Error).message).toContain('disk on fire');
    expect(await tableNames(db)).not.toContain('half_way');
    expect(await tableNames(db)).toEqual(expect.arrayContaining(['notices', 'vitals']));
    expect(await db.selectFrom('notices').selectAll().execute()).toEqual([]);
    expect(await appliedNames(db)).toEqual(released);
  });

  it('keeps the migrations that succeeded earlier in the same run when a later one fails', async () => {
    const { db } = await emptyDatabase();
    const [first, ...rest] = released;
    await migrateToLatest(db, { migrations: { [first!]: migrations[first!]! } });

    const error = await migrateToLatest(db, { migrations: { ...migrations, '9000-half-way': failsHalfWay } }).catch(
      (err: unknown) => err,
    );

    expect(error).toMatchObject({ migration: '9000-half-way', applied: released });
    expect(rest.length).toBeGreaterThan(0);
    expect(await appliedNames(db)).toEqual(released);
    expect(await tableNames(db)).not.toContain('half_way');
  });

  it('resumes at the failed migration once it is fixed', async () => {
    const { db } = await emptyDatabase();
    await migrateToLatest(db, { migrations: { ...migrations, '9000-half-way': failsHalfWay } }).catch(() => undefined);

    const applied = await migrateToLatest(db, {
      migrations: { ...migrations, '9000-half-way': createsTable('half_way') },
    });

    expect(applied).toEqual(['9000-half-way']);
    expect(await tableNames(db)).toContain('half_way');
  });

  it("keeps Kysely's Migrator bookkeeping: a database it migrated is current here, and the reverse", async () => {
    const provider = { getMigrations: async () => migrations };
    const byMigrator = await emptyDatabase();
    const result = await new Migrator({ db: byMigrator.db, provider }).migrateToLatest();
    expect(result.error).toBeUndefined();
    expect(await migrateToLatest(byMigrator.db)).toEqual([]);

    const byUs = await emptyDatabase();
    await migrateToLatest(byUs.db);
    const again = await new Migrator({ db: byUs.db, provider }).migrateToLatest();
    expect(again).toEqual({ results: [] });
  });

  it('refuses a database that a newer release migrated, naming its unknown migrations', async () => {
    const { db } = await emptyDatabase();
    await migrateToLatest(db, { migrations: { ...migrations, '9100-from-the-future': createsTable('future') } });

    const error = await migrateToLatest(db).catch((err: unknown) => err);

    expect(error).toBeInstanceOf(MigrationHistoryError);
    expect(error).toMatchObject({ unknown: ['9100-from-the-future'] });
  });

  it('refuses a pending migration named before one that already ran', async () => {
    const { db } = await emptyDatabase();
    await migrateToLatest(db);

    const error = await migrateToLatest(db, {
      migrations: { ...migrations, '0000-too-early': createsTable('early') },
    }).catch((err: unknown) => err);

    expect(error).toBeInstanceOf(MigrationHistoryError);
    expect((error as Error).message).toContain('0000-too-early');
    expect(await tableNames(db)).not.toContain('early');
  });

  // Two pools stand for two processes starting at once. SQLite is one process by design (two
  // connections in one thread would only wait on each other's lock), so this runs on PostgreSQL. The
  // slow migration outlasts the few seconds a request waits for a lock: the other start must wait it out.
  it.runIf(engine === 'PostgreSQL')(
    'runs each migration once when two processes migrate at the same time, however long one takes',
    async () => {
      const { db, reopen } = await emptyDatabase();
      const other = reopen();
      const slow: Migration = {
        async up(k: AnyDb) {
          await sql`select pg_sleep(${(DATABASE_BUSY_WAIT_MS + 1500) / 1000})`.execute(k);
          await k.schema.createTable('slow_one').addColumn('id', 'integer').execute();
        },
      };
      const list = { ...migrations, '9000-slow': slow };

      const [a, b] = await Promise.all([
        migrateToLatest(db, { migrations: list }),
        migrateToLatest(other, { migrations: list }),
      ]);

      expect([...a, ...b].sort()).toEqual(Object.keys(list).sort());
      expect(await appliedNames(db)).toEqual(Object.keys(list).sort());
    },
  );
});
