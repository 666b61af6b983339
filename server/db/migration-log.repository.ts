import { type Kysely, sql } from 'kysely';
import { isPostgres } from './db.ts';

// The bookkeeping tables are Kysely's own (`kysely_migration`, `kysely_migration_lock`), with the
// columns its Migrator creates, so databases made by earlier releases (which used the Migrator) and
// databases made now read the same way by either. They are not in the app's Database type, hence any.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const MIGRATION_TABLE = 'kysely_migration';
const LOCK_TABLE = 'kysely_migration_lock';
const LOCK_ROW_ID = 'migration_lock';
/** The advisory lock key Kysely's PostgreSQL adapter takes, so an older release migrating at the same time waits too. */
const POSTGRES_LOCK_ID = sql.lit(BigInt('3853314791062309107'));

/**
 * How long a migration on PostgreSQL may wait for a lock: for another process's migration (processes
 * starting together wait for each other) or for a table a migration alters. Far above the few seconds
 * that requests get, which would stop a start behind any migration longer than that.
 */
const POSTGRES_MIGRATION_LOCK_TIMEOUT = sql.lit('10min');

/** The advisory lock key of a whole start-up's check, backup and migrations (this release and later). */
const POSTGRES_START_LOCK_ID = sql.lit(BigInt('3853314791062309108'));
/** How long a starting process waits for another one's backup and migrations before it gives up. */
const POSTGRES_START_LOCK_TIMEOUT = sql.lit('15min');

/**
 * Runs `work` while no other process of the site runs its own: on PostgreSQL, under an advisory lock held
 * by a transaction on a connection of its own (released when `work` ends, or when the process dies), so
 * that of processes starting together, one decides whether the database needs a backup before an
 * upgrade, makes it and migrates, and the others see the result. Without it, a process starting a moment
 * later saw the first one's migrations half done, backed the database up while they ran, and the backup's
 * snapshot and the next migration waited for each other for ever. `waiting` is called when another
 * process holds the lock. On SQLite, `work` runs as it is: the file's own locks order the processes.
 */
export async function oneStartAtATime<T>(db: AnyDb, work: () => Promise<T>, waiting: () => void): Promise<T> {
  if (!isPostgres(db)) return work();
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('lock_timeout', ${POSTGRES_START_LOCK_TIMEOUT}, true)`.execute(trx);
    const tried = sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${POSTGRES_START_LOCK_ID}) as got`;
    if (!(await tried.execute(trx)).rows[0]?.got) {
      waiting();
      await sql`select pg_advisory_xact_lock(${POSTGRES_START_LOCK_ID})`.execute(trx);
    }
    return work();
  });
}

/**
 * Runs `work` in one transaction, rolled back whole if it throws. On PostgreSQL it first takes the
 * migration advisory lock (released at commit or rollback), so processes starting together migrate
 * one after the other. On SQLite the transaction keeps the one writing connection from BEGIN to COMMIT,
 * and SQLite's file lock keeps other processes out.
 */
export async function inMigrationTransaction<T>(db: AnyDb, work: (trx: AnyDb) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(db)) {
      await sql`select set_config('lock_timeout', ${POSTGRES_MIGRATION_LOCK_TIMEOUT}, true)`.execute(trx);
      await sql`select pg_advisory_xact_lock(${POSTGRES_LOCK_ID})`.execute(trx);
    }
    return work(trx);
  });
}

export async function ensureMigrationTables(trx: AnyDb): Promise<void> {
  await trx.schema
    .createTable(MIGRATION_TABLE)
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable(LOCK_TABLE)
    .ifNotExists()
    .addColumn('id', 'varchar(255)', (c) => c.notNull().primaryKey())
    .addColumn('is_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const lockRow = await trx.selectFrom(LOCK_TABLE).select('id').where('id', '=', LOCK_ROW_ID).executeTakeFirst();
  if (!lockRow) await trx.insertInto(LOCK_TABLE).values({ id: LOCK_ROW_ID, is_locked: 0 }).execute();
}

/** Whether a PostgreSQL database has the migrations' log table at all (a fresh one has not). */
export async function postgresHasMigrationLog(db: AnyDb): Promise<boolean> {
  const table = await sql<{
    found: string | null;
  }>`select to_regclass(${sql.lit(MIGRATION_TABLE)})::text as found`.execute(db);
  return Boolean(table.rows[0]?.found);
}

/** Names of the migrations this database has run, in name order. */
export async function listAppliedMigrations(trx: AnyDb): Promise<string[]> {
  const rows = await trx.selectFrom(MIGRATION_TABLE).select('name').execute();
  return rows.map((r: { name: string }) => r.name).sort();
}

export async function recordMigration(trx: AnyDb, name: string, at: string): Promise<void> {
  await trx.insertInto(MIGRATION_TABLE).values({ name, timestamp: at }).execute();
}
