/**
 * A release fixture (tests/fixtures/release-<commit>/, made by scripts/fixtures/make-release-fixture.ts)
 * copied to a scratch place as that release left it, on the engine under test, before the current code
 * touches it.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Kysely, Migration } from 'kysely';
import { type Db, openDb, sqliteFile } from '#server/db/db.ts';
import { migrateToLatest, migrations } from '#server/db/migrate.ts';
import { createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { sqliteTables } from '../../scripts/ops/embedded.ts';
import {
  FIXTURES_DIR,
  FIXTURE_DATA_DIR,
  MANIFEST_FILE,
  type ReleaseManifest,
  ReleaseManifestSchema,
} from '../../scripts/fixtures/release-manifest.ts';

// The copied tables are whatever the release had, known only at run time (as in migrations).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every release fixture folder; each is tested on its own. */
export const releaseFixtures = (): string[] =>
  fs
    .readdirSync(FIXTURES_DIR)
    .filter((name) => name.startsWith('release-'))
    .sort();

export function readManifest(fixture: string): ReleaseManifest {
  return ReleaseManifestSchema.parse(
    JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, fixture, MANIFEST_FILE), 'utf8')),
  );
}

export interface OpenedFixture {
  /** The copied DATA_DIR (uploads, and the SQLite file on SQLite). */
  dataDir: string;
  db: Db;
  cleanup: () => Promise<void>;
}

/** The migrations the release had run, taken from this code's list: migrations are frozen once released. */
function releaseMigrations(manifest: ReleaseManifest): Record<string, Migration> {
  return Object.fromEntries(
    manifest.migrations.map((name) => {
      const migration = migrations[name];
      if (!migration) throw new Error(`Released migration ${name} is missing from server/db/migrate.ts`);
      return [name, migration];
    }),
  );
}

/**
 * On PostgreSQL the release's data is rebuilt as that release would have held it: the release's
 * migrations, then every row of the fixture's SQLite file, copied as stored (the rows a migration seeds
 * are replaced by the release's own).
 */
async function loadIntoPostgres(db: Db, file: string, manifest: ReleaseManifest): Promise<void> {
  await migrateToLatest(db, { migrations: releaseMigrations(manifest) });
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = sqliteTables(source);
    await (db as AnyDb).transaction().execute(async (trx) => {
      for (const table of [...tables].reverse()) await trx.deleteFrom(table).execute();
      for (const table of tables) {
        const rows = source.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
        if (rows.length > 0) await trx.insertInto(table).values(rows).execute();
      }
    });
  } finally {
    source.close();
  }
}

/** Copies the fixture's data folder into `into` and opens its database, not yet migrated by this code. */
export async function openReleaseFixture(fixture: string, into: string): Promise<OpenedFixture> {
  const manifest = readManifest(fixture);
  const dataDir = path.join(into, 'data');
  fs.cpSync(path.join(FIXTURES_DIR, fixture, FIXTURE_DATA_DIR), dataDir, { recursive: true });
  const server = testDatabaseServer();
  if (!server) {
    const db = openDb({ dataDir });
    return { dataDir, db, cleanup: () => db.destroy() };
  }
  const scratch = await createScratchDatabase(server, 'upgrade');
  const db = openDb({ dataDir, databaseUrl: scratch.url, poolSize: 4 });
  await loadIntoPostgres(db, sqliteFile(dataDir), manifest);
  return {
    dataDir,
    db,
    async cleanup() {
      await db.destroy();
      await scratch.drop();
    },
  };
}
