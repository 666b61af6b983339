/**
 * A damaged database file, a data folder the server cannot write, a database a newer release
 * upgraded, an unreachable PostgreSQL: the real server (`server/main.ts`) refuses to start with one
 * plain paragraph on stderr naming the file and what to do, exit code 1, and no stack trace; the
 * trace is in the log at debug level.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, sqliteFile } from '#server/db/db.ts';
import { migrateToLatest, migrations } from '#server/db/migrate.ts';
import { createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { type FailedStart, startExpectingExit } from './failed-start.ts';
import { freePort } from './server-process.ts';

const isRoot = process.getuid?.() === 0;
let root: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-startup-faults-'));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** What every refused start has in common: exit 1, one paragraph, no trace, nothing on stdout at info level. */
function expectPlainRefusal(result: FailedStart): string {
  expect(result.code, result.stderr + result.stdout).toBe(1);
  const message = result.stderr.trim();
  expect(message).toMatch(/^The server cannot start: /u);
  expect(message).not.toContain('\n');
  expect(message).not.toMatch(/\bat .+:\d+:\d+/u);
  expect(result.stdout).toBe('');
  return message;
}

async function migratedDataDir(name: string): Promise<string> {
  const dataDir = path.join(root, name);
  const db = openDb({ dataDir });
  await migrateToLatest(db);
  await db.destroy();
  return dataDir;
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');

describe('a damaged database file', () => {
  let dataDir: string;
  let before: string;
  beforeAll(async () => {
    dataDir = path.join(root, 'damaged');
    await fs.mkdir(dataDir);
    await fs.writeFile(sqliteFile(dataDir), randomBytes(64 * 1024));
    before = await sha256(sqliteFile(dataDir));
  });

  it('stops the start with a paragraph naming the file, the damage and the restore, and leaves the file as it was', async () => {
    const message = expectPlainRefusal(await startExpectingExit({ DATA_DIR: dataDir }));

    expect(message).toContain(sqliteFile(dataDir));
    expect(message).toContain('is damaged or is not an SQLite database');
    expect(message).toContain('npm run restore');
    expect(message).toContain('empty folder');
    expect(await sha256(sqliteFile(dataDir))).toBe(before);
  });

  it('writes the error with its stack to the log at debug level', async () => {
    const result = await startExpectingExit({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' });

    expect(result.code).toBe(1);
    const entry = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { type: string; stack: string } })
      .find((e) => e.msg === 'start-up refused');
    expect(entry).toMatchObject({ level: 20, err: { type: 'SqliteError' } });
    expect(entry?.err?.stack).toContain('file is not a database');
    expect(result.stderr).not.toContain('SqliteError');
  });
});

describe('a data folder the server cannot write', () => {
  it('names the folder and the chown that gives it to the server user, when that user may not write to it', async () => {
    const dataDir = await migratedDataDir('not-writable');
    await fs.chmod(dataDir, 0o555);
    try {
      // Root writes anywhere by its capabilities: as root the server runs without them (setpriv), so
      // the folder's permissions apply to it as they do to any other user.
      const wrapper = isRoot ? ['setpriv', '--bounding-set=-all', '--inh-caps=-all'] : [];
      const message = expectPlainRefusal(await startExpectingExit({ DATA_DIR: dataDir }, { wrapper }));

      expect(message).toContain(`may not write to ${dataDir} (permission denied)`);
      expect(message).toContain(`chown -R ${os.userInfo().username}: ${dataDir}`);
    } finally {
      await fs.chmod(dataDir, 0o755);
    }
  });

  it('says a data folder on a read-only file system is read-only (a read-only tmpfs, which stops root too)', async (ctx) => {
    if (!isRoot) ctx.skip('mounting a file system needs root; the test above covers other users');
    const dataDir = path.join(root, 'read-only');
    await fs.mkdir(dataDir);
    const mount = (...args: string[]) => {
      const result = spawnSync('mount', args, { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`mount ${args.join(' ')} failed: ${result.stderr}`);
    };
    mount('-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dataDir);
    try {
      const db = openDb({ dataDir });
      await migrateToLatest(db);
      await db.destroy();
      mount('-o', 'remount,ro', dataDir);

      const message = expectPlainRefusal(await startExpectingExit({ DATA_DIR: dataDir }));

      expect(message).toContain(`its data folder ${dataDir} is on a read-only file system`);
    } finally {
      spawnSync('umount', [dataDir]);
    }
  });

  it('says which part of DATA_DIR is a file when the folder cannot be created (as any user, root included)', async () => {
    const file = path.join(root, 'not-a-folder');
    await fs.writeFile(file, 'x');
    const dataDir = path.join(file, 'data');

    const message = expectPlainRefusal(await startExpectingExit({ DATA_DIR: dataDir }));

    expect(message).toContain(`because ${file} is a file, not a folder`);
  });
});

describe('a database the start cannot use', () => {
  it('refuses a database that a newer release upgraded, naming its migration and the way back', async () => {
    const server = testDatabaseServer();
    const scratch = server ? await createScratchDatabase(server, 'newer') : undefined;
    const dataDir = path.join(root, 'newer');
    try {
      const db = openDb({ dataDir, databaseUrl: scratch?.url });
      const fromTheFuture = {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations take Kysely<any>
        up: async (k: Kysely<any>) => k.schema.createTable('future').addColumn('id', 'integer').execute(),
      };
      await migrateToLatest(db, { migrations: { ...migrations, '9999-from-a-newer-release': fromTheFuture } });
      await db.destroy();

      const message = expectPlainRefusal(
        await startExpectingExit({ DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) }),
      );

      expect(message).toContain('a newer release has upgraded this database');
      expect(message).toContain('9999-from-a-newer-release');
      expect(message).toContain(scratch ? 'pg_restore' : 'npm run restore');
    } finally {
      await scratch?.drop();
    }
  });

  it('names the PostgreSQL server it cannot reach', async () => {
    const port = await freePort();

    const message = expectPlainRefusal(
      await startExpectingExit({
        DATA_DIR: path.join(root, 'unreachable'),
        DATABASE_URL: `postgres://orbit:secret@127.0.0.1:${port}/orbit`,
      }),
    );

    expect(message).toContain(`cannot reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED)`);
    expect(message).not.toContain('secret');
  });
});
