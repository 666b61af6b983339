/**
 * The real server (`server/main.ts`) at start: a data folder of the previous release is backed up
 * before it is upgraded, the upgrade is refused when that backup cannot be made, a database damaged in
 * its middle pages refuses the start, naming the last good backup and the restore command, and a backup
 * cut short by SIGKILL is cleared and made again by the next start.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_NAME } from '#common/backups.ts';
import { createBackupService } from '#server/backups/backup.service.ts';
import { DEFAULT_KEEP } from '#server/backups/retention.ts';
import { openDb, sqliteFile } from '#server/db/db.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { systemClock } from '#server/clock.ts';
import { FIXTURES_DIR, FIXTURE_DATA_DIR } from '../../scripts/fixtures/release-manifest.ts';
import { startExpectingExit } from './failed-start.ts';
import { readManifest, releaseFixtures } from './release-fixture.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, sameOrigin, signIn, startServer } from './server-process.ts';
import { SERVER_JOB } from '#server/test-support/actors.ts';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-backup-at-start-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
/** The previous release: the fixture with the most migrations. */
const release = releaseFixtures()
  .sort((a, b) => readManifest(a).migrations.length - readManifest(b).migrations.length)
  .at(-1)!;

function releaseDataDir(name: string): string {
  const dataDir = path.join(root, name);
  fs.cpSync(path.join(FIXTURES_DIR, release, FIXTURE_DATA_DIR), dataDir, { recursive: true });
  return dataDir;
}

describe(`the pre-upgrade backup (data folder of ${release})`, () => {
  it('is made, checked and recorded before the migrations run', async () => {
    const dataDir = releaseDataDir('upgrade');
    const server = await startServer({ DATA_DIR: dataDir, BACKUP_SCHEDULE: 'false' });
    try {
      const dir = path.join(dataDir, 'backups');
      const archives = fs.readdirSync(dir).filter((n) => BACKUP_NAME.test(n));
      expect(archives).toHaveLength(1);
      const state = JSON.parse(fs.readFileSync(path.join(dir, 'backup-state.json'), 'utf8')) as {
        runs: { reason: string; ok: boolean; file: string }[];
      };
      expect(state.runs).toMatchObject([{ reason: 'pre-upgrade', ok: true, file: archives[0] }]);

      // The archive holds the database as the previous release left it, byte for byte in its rows.
      const out = path.join(root, 'unpacked');
      fs.mkdirSync(out);
      await tar.extract({ file: path.join(dir, archives[0]!), cwd: out });
      const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { migrations: string[] };
      expect(manifest.migrations).toEqual(readManifest(release).migrations);
    } finally {
      await server.stop();
    }
    // And then the server upgraded the database.
    const db = new SQLite(sqliteFile(dataDir), { readonly: true });
    expect(db.prepare("select 1 from kysely_migration where name = '0016-applications'").get()).toBeDefined();
    db.close();
  });

  it('refuses to migrate, changing nothing, when the backup cannot be made', async () => {
    const dataDir = releaseDataDir('no-backup');
    const before = sha256(sqliteFile(dataDir));
    fs.writeFileSync(path.join(root, 'a-file'), '');
    const result = await startExpectingExit({ DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'a-file', 'backups') });
    expect(result.code, result.stderr).toBe(1);
    const message = result.stderr.trim();
    expect(message).toMatch(
      /^The server cannot start: this release must upgrade the database \(migrations [0-9a-z, -]*0016-applications[0-9a-z, -]*\)/u,
    );
    expect(message).toContain(`but that backup failed: The backup folder cannot be written (ENOTDIR`);
    expect(message).toContain('Nothing was changed');
    expect(message).not.toContain('\n');
    expect(sha256(sqliteFile(dataDir))).toBe(before);
  });
});

describe('a database damaged in its middle pages', () => {
  it('refuses the start, naming the last good backup and the restore command', async () => {
    const dataDir = path.join(root, 'damaged');
    const db = openDb({ dataDir });
    await migrateToLatest(db);
    await db.destroy();
    const raw = new SQLite(sqliteFile(dataDir));
    raw.exec('create table filler (x text)');
    const insert = raw.prepare('insert into filler values (?)');
    for (let i = 0; i < 3000; i++) insert.run('x'.repeat(200));
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const service = createBackupService(
      {
        embedded: true,
        pg: undefined,
        dataDir,
        dir: path.join(dataDir, 'backups'),
        time: '02:30',
        keep: DEFAULT_KEEP,
        scheduled: false,
      },
      systemClock,
      log,
    );
    const good = await service.runBackup(SERVER_JOB, 'manual');
    expect(good.ok).toBe(true);

    const fd = fs.openSync(sqliteFile(dataDir), 'r+');
    fs.writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(fs.fstatSync(fd).size / 2 / 4096) * 4096);
    fs.closeSync(fd);
    const before = sha256(sqliteFile(dataDir));

    const result = await startExpectingExit({ DATA_DIR: dataDir });
    expect(result.code, result.stderr).toBe(1);
    const message = result.stderr.trim();
    const backup = path.join(dataDir, 'backups', good.file!);
    expect(message).toMatch(/^The server cannot start: SQLite's check found damage in the database file /u);
    expect(message).toContain(`The last good backup is ${backup}`);
    expect(message).toContain(`npm run restore -- ${backup}`);
    expect(message).not.toContain('\n');
    expect(sha256(sqliteFile(dataDir))).toBe(before);
  });
});

describe('a server killed during a backup', () => {
  it('leaves no partial file counted; the next start removes it and makes the backup again', async () => {
    const dataDir = path.join(root, 'killed');
    // Enough files that the archive takes a moment to write.
    const photos = path.join(dataDir, 'uploads', 'img', 'bulk');
    fs.mkdirSync(photos, { recursive: true });
    for (let i = 0; i < 40; i++) fs.writeFileSync(path.join(photos, `p${i}.bin`), randomBytes(256 * 1024));
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD };
    const first = await startServer(env);
    const backups = path.join(dataDir, 'backups');
    let partial: string | undefined;
    try {
      const cookie = await signIn(first);
      void fetch(`${first.url}/api/admin/backups`, { method: 'POST', headers: { ...sameOrigin(first), cookie } }).catch(
        () => undefined,
      );
      for (let i = 0; i < 400 && !partial; i++) {
        partial = fs.existsSync(backups) ? fs.readdirSync(backups).find((n) => n.endsWith('.partial')) : undefined;
        if (!partial) await new Promise((r) => setTimeout(r, 25));
      }
      expect(partial, 'the backup started writing its archive').toBeDefined();
    } finally {
      await first.stop('SIGKILL');
    }
    expect(fs.readdirSync(backups).filter((n) => BACKUP_NAME.test(n))).toEqual([]);
    expect(fs.readFileSync(path.join(backups, '.backup.lock'), 'utf8')).toBe(String(first.child.pid));

    const second = await startServer(env);
    try {
      let archives: string[] = [];
      for (let i = 0; i < 2400 && archives.length === 0; i++) {
        archives = fs.readdirSync(backups).filter((n) => BACKUP_NAME.test(n));
        if (archives.length === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(archives, `${fs.readdirSync(backups).join(', ')}\n${second.output().slice(-3000)}`).toHaveLength(1);
      // Given a moment to record it and let go of the lock.
      for (let i = 0; i < 100 && fs.existsSync(path.join(backups, '.backup.lock')); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(fs.readdirSync(backups).sort()).toEqual(['backup-state.json', archives[0]]);
      const state = JSON.parse(fs.readFileSync(path.join(backups, 'backup-state.json'), 'utf8')) as {
        runs: { ok: boolean; file: string; files: number }[];
      };
      expect(state.runs).toMatchObject([{ ok: true, file: archives[0], files: 40 }]);
    } finally {
      await second.stop();
    }
  });
});
