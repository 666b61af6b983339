import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb, sqliteFile } from '#server/db/db.ts';
import { migrateToLatest, migrations } from '#server/db/migrate.ts';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { type DataPlace, explainDatabaseFault } from './database-faults.ts';

let dataDir: string;
let scratch: ScratchDatabase | undefined;
let db: Db;
let place: DataPlace;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-faults-'));
  const server = testDatabaseServer();
  scratch = server ? await createScratchDatabase(server, 'faults') : undefined;
  db = openDb({ dataDir, databaseUrl: scratch?.url });
  place = { dataDir, sqliteFile: scratch ? undefined : sqliteFile(dataDir), databaseUrl: scratch?.url };
});
afterAll(async () => {
  await db.destroy();
  await scratch?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('start-up explanations of database faults', () => {
  it('explains a failed migration: which one, that it was rolled back, how to resume and how to go back', async () => {
    const failing = {
      up: async () => {
        throw new Error('column "x" cannot be cast');
      },
    };
    const err = await migrateToLatest(db, { migrations: { ...migrations, '9000-cast-x': failing } }).catch(
      (e: unknown) => e,
    );

    const message = explainDatabaseFault(err, place);

    const last = Object.keys(migrations).sort().at(-1)!;
    expect(message).toContain('upgrading the database stopped at migration 9000-cast-x (column "x" cannot be cast)');
    expect(message).toContain(
      `rolled back, so the database is as it was before it (migrations up to ${last} are applied)`,
    );
    expect(message).toContain('the upgrade resumes at 9000-cast-x');
    expect(message).toContain(scratch ? 'pg_restore' : 'npm run restore');
  });

  it('leaves errors that are not faults of the data folder or the database to be reported as they are', () => {
    expect(explainDatabaseFault(new TypeError('undefined is not a function'), place)).toBeUndefined();
  });
});
