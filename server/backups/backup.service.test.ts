import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_NAME } from '#common/backups.ts';
import { openDb, sqliteFile } from '#server/db/db.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { LOCK_FILE } from './backup-lock.ts';
import { type BackupSettings, createBackupService } from './backup.service.ts';
import { BALLAST_FILE } from '#server/storage/ballast.ts';
import { DEFAULT_KEEP } from './retention.ts';
import { unmountTmpfs } from '#server/test-support/tmpfs.ts';
import { SERVER_JOB, staffAs } from '#server/test-support/actors.ts';

let root: string;
const logged: { level: string; msg: string }[] = [];
const log = {
  info: (_: object, msg: string) => logged.push({ level: 'info', msg }),
  warn: (_: object, msg: string) => logged.push({ level: 'warn', msg }),
  error: (_: object, msg: string) => logged.push({ level: 'error', msg }),
};

/** A migrated embedded install with one applicant's document on disk and in its row. */
async function makeInstall(name: string): Promise<string> {
  const dataDir = path.join(root, name);
  const db = openDb({ dataDir });
  await migrateToLatest(db);
  await db.destroy();
  const raw = new SQLite(sqliteFile(dataDir));
  raw.pragma('foreign_keys = OFF');
  raw
    .prepare(
      `insert into application_documents (id, application_id, kind, position, format, file_key, bytes, width, height, variants, created_at)
       values ('d1', 'a1', 'grade-sheet', 1, 'pdf', 'applications/a1/d1/sheet.pdf', 4, 1, 1, '[]', '2026-11-25T00:00:00Z')`,
    )
    .run();
  raw.close();
  const doc = path.join(dataDir, 'uploads', 'applications', 'a1', 'd1', 'sheet.pdf');
  fs.mkdirSync(path.dirname(doc), { recursive: true });
  fs.writeFileSync(doc, '%PDF');
  return dataDir;
}

const settingsFor = (dataDir: string, over: Partial<BackupSettings> = {}): BackupSettings => ({
  embedded: true,
  pg: undefined,
  dataDir,
  dir: path.join(dataDir, 'backups'),
  time: '02:30',
  keep: DEFAULT_KEEP,
  scheduled: true,
  ...over,
});

const archivesIn = (dir: string) => fs.readdirSync(dir).filter((n) => BACKUP_NAME.test(n));

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-backups-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('scheduled backups', () => {
  it('fire once at the set time in Nepal, and again the next day', async () => {
    const dataDir = await makeInstall('schedule');
    // 01:00 in Nepal on 26 November.
    const clock = new ManualClock('2026-11-25T19:15:00Z');
    const service = createBackupService(settingsFor(dataDir), clock, log);
    const dir = settingsFor(dataDir).dir;

    await service.tick();
    clock.set('2026-11-25T20:44:59Z'); // 02:29:59
    await service.tick();
    expect(fs.existsSync(dir) ? archivesIn(dir) : []).toEqual([]);

    clock.set('2026-11-25T20:45:00Z'); // 02:30
    await service.tick();
    expect(archivesIn(dir)).toEqual(['orbit-backup-2026-11-25T20-45-00-000Z.tar.gz']);
    for (const minutes of [1, 2, 60, 600]) {
      clock.set(new Date(Date.parse('2026-11-25T20:45:00Z') + minutes * 60_000));
      await service.tick();
    }
    expect(archivesIn(dir)).toHaveLength(1);

    clock.set('2026-11-26T20:45:30Z');
    await service.tick();
    expect(archivesIn(dir)).toHaveLength(2);

    const status = await service.status(SERVER_JOB);
    expect(status.lastGood?.file).toBe('orbit-backup-2026-11-26T20-45-30-000Z.tar.gz');
    expect(status.backups.every((b) => b.checked)).toBe(true);
    expect(status.nextAt).toBe('2026-11-27T20:45:00.000Z');
    // The first scheduled backup was followed by a restore drill; the second, within the week, was not.
    expect(status.lastDrill).toMatchObject({
      ok: true,
      file: 'orbit-backup-2026-11-25T20-45-00-000Z.tar.gz',
      files: 1,
    });
    expect(status.warnings).toEqual([]);
  });

  it('archive the applicants’ documents, counted in the manifest and checked against their rows', async () => {
    const dataDir = await makeInstall('documents');
    const service = createBackupService(settingsFor(dataDir), new ManualClock('2026-11-26T05:00:00Z'), log);
    const run = await service.runBackup(SERVER_JOB, 'manual');
    expect(run).toMatchObject({ ok: true, files: 1 });
    const entries: string[] = [];
    await tar.list({ file: path.join(settingsFor(dataDir).dir, run.file!), onReadEntry: (e) => entries.push(e.path) });
    expect(entries).toContain('uploads/applications/a1/d1/sheet.pdf');

    // The document gone from the folder while its row stays: no backup is kept as good.
    fs.rmSync(path.join(dataDir, 'uploads', 'applications'), { recursive: true });
    const later = createBackupService(settingsFor(dataDir), new ManualClock('2026-11-26T06:00:00Z'), log);
    const failed = await later.runBackup(SERVER_JOB, 'manual');
    expect(failed.ok).toBe(false);
    expect(failed.error).toContain('applications/a1/d1/sheet.pdf');
    expect(archivesIn(settingsFor(dataDir).dir)).toEqual([run.file]);
  });

  it('keep the rule’s backups after each success, over days of backups', async () => {
    const dataDir = await makeInstall('retention');
    const clock = new ManualClock('2026-11-25T20:45:00Z');
    const service = createBackupService(
      settingsFor(dataDir, { keep: { daily: 3, weekly: 0, monthly: 0 } }),
      clock,
      log,
    );
    for (let day = 0; day < 5; day++) {
      expect((await service.runBackup(SERVER_JOB, 'scheduled')).ok).toBe(true);
      clock.advance(86_400_000);
    }
    expect(archivesIn(settingsFor(dataDir).dir).sort()).toEqual([
      'orbit-backup-2026-11-27T20-45-00-000Z.tar.gz',
      'orbit-backup-2026-11-28T20-45-00-000Z.tar.gz',
      'orbit-backup-2026-11-29T20-45-00-000Z.tar.gz',
    ]);
  });
});

describe('one backup at a time', () => {
  it('two started at once by two processes' + "' services: one runs, the other says another is running", async () => {
    const dataDir = await makeInstall('twice');
    const clock = new ManualClock('2026-11-26T05:00:00Z');
    const [a, b] = [
      createBackupService(settingsFor(dataDir), clock, log),
      createBackupService(settingsFor(dataDir), clock, log),
    ];
    const runs = await Promise.all([a.runBackup(SERVER_JOB, 'manual'), b.runBackup(SERVER_JOB, 'manual')]);
    expect(runs.filter((r) => r.ok)).toHaveLength(1);
    expect(runs.find((r) => !r.ok)?.error).toMatch(/^Another backup is running \(process \d+\)/u);
    expect(archivesIn(settingsFor(dataDir).dir)).toHaveLength(1);
    expect(fs.existsSync(path.join(settingsFor(dataDir).dir, LOCK_FILE))).toBe(false);
  });

  it('a lock left by a process that died is taken over, and its partial file removed', async () => {
    const dataDir = await makeInstall('stale');
    const dir = settingsFor(dataDir).dir;
    fs.mkdirSync(dir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(dead));
    fs.writeFileSync(path.join(dir, 'orbit-backup-2026-11-26T04-00-00-000Z.tar.gz.partial'), 'half');
    fs.mkdirSync(path.join(dir, '.orbit-backup-left'));
    const service = createBackupService(settingsFor(dataDir), new ManualClock('2026-11-26T05:00:00Z'), log);
    // At start: the interrupted backup is found, cleared and made again.
    const run = await service.recover();
    expect(run?.ok, run?.error).toBe(true);
    expect(fs.readdirSync(dir).sort()).toEqual(['backup-state.json', run!.file]);
    expect(logged).toContainEqual({ level: 'warn', msg: 'a backup was interrupted: making it again' });
    // Nothing left behind: the next start makes no backup of its own.
    expect(await service.recover()).toBeUndefined();
  });

  it('a lock held by a live process is respected', async () => {
    const dataDir = await makeInstall('live-lock');
    const dir = settingsFor(dataDir).dir;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(process.ppid));
    const service = createBackupService(settingsFor(dataDir), new ManualClock('2026-11-26T05:00:00Z'), log);
    expect((await service.runBackup(SERVER_JOB, 'manual')).error).toBe(
      `Another backup is running (process ${process.ppid}); this one was not started.`,
    );
  });
});

describe('bad days', () => {
  it('an unwritable backup folder is reported, in the result, the status and the log', async () => {
    const dataDir = await makeInstall('unwritable');
    // A file where the folder should be: no one, root included, can make a folder inside it.
    fs.writeFileSync(path.join(root, 'a-file'), '');
    const service = createBackupService(
      settingsFor(dataDir, { dir: path.join(root, 'a-file', 'backups') }),
      new ManualClock('2026-11-26T05:00:00Z'),
      log,
    );
    const run = await service.runBackup(SERVER_JOB, 'manual');
    expect(run.ok).toBe(false);
    expect(run.error).toMatch(/^The backup folder cannot be written \(ENOTDIR/u);
    const status = await service.status(SERVER_JOB);
    expect(status.lastRun).toEqual(run);
    expect(status.warnings).toContainEqual({ code: 'backup-failed', message: `The last backup failed: ${run.error}` });
    expect(logged).toContainEqual({ level: 'error', msg: 'backup not made' });
  });

  it('a disk that fills half-way through a backup leaves no partial file counted, and the next one succeeds', async (ctx) => {
    const dataDir = await makeInstall('disk-full');
    // The backup folder on a 1 MB tmpfs of its own (mounting needs root, as CI runs; elsewhere skipped).
    const dir = path.join(root, 'disk-full-backups');
    fs.mkdirSync(dir);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    } catch {
      ctx.skip();
    }
    try {
      const clock = new ManualClock('2026-11-26T05:00:00Z');
      const service = createBackupService(settingsFor(dataDir, { dir }), clock, log);
      const good = await service.runBackup(SERVER_JOB, 'manual');
      expect(good.ok, `${good.error}; logged: ${JSON.stringify(logged.slice(-4))}`).toBe(true);

      // 3 MB of photos that do not compress: the archive cannot fit in what is left.
      const photos = path.join(dataDir, 'uploads', 'img', 'p1');
      fs.mkdirSync(photos, { recursive: true });
      for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(photos, `w${i}.jpg`), randomBytes(1024 * 1024));
      clock.advance(60_000);
      const full = await service.runBackup(SERVER_JOB, 'manual');
      expect(full).toMatchObject({ ok: false, error: 'The disk is full; no backup was kept.' });
      expect(fs.readdirSync(dir).filter((n) => n.startsWith('orbit-backup-') || n.startsWith('.orbit-'))).toEqual([
        good.file,
      ]);
      // The cut archive's room is given back at once (no file of it is left open), so the next try has the disk.
      const page = 4096;
      const { blocks, bfree, bsize } = fs.statfsSync(dir);
      expect((blocks - bfree) * bsize).toBeLessThanOrEqual(Math.ceil((good.bytes ?? 0) / page) * page + page);
      const status = await service.status(SERVER_JOB);
      expect(status.lastGood?.file).toBe(good.file);
      expect(status.backups.map((b) => b.name)).toEqual([good.file]);
      expect(status.warnings.map((w) => w.code)).toContain('backup-failed');

      fs.rmSync(photos, { recursive: true });
      clock.advance(60_000);
      const next = await service.runBackup(SERVER_JOB, 'manual');
      expect(next.ok, `${next.error}; logged: ${JSON.stringify(logged.slice(-4))}`).toBe(true);
      // The retention rule keeps the newest of the day.
      expect(archivesIn(dir)).toEqual([next.file]);
    } finally {
      await unmountTmpfs(dir);
    }
  });

  it('says what takes room on the disk: the database, the uploads, the backups and the reserve', async () => {
    const dataDir = await makeInstall('usage');
    fs.writeFileSync(path.join(dataDir, BALLAST_FILE), Buffer.alloc(8192));
    const service = createBackupService(settingsFor(dataDir), new ManualClock('2026-11-26T05:00:00Z'), log);
    const run = await service.runBackup(SERVER_JOB, 'manual');
    const usage = await service.diskUsage(SERVER_JOB);
    const file = sqliteFile(dataDir);
    const onDisk = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
    expect(usage).toEqual({
      databaseBytes: onDisk(file) + onDisk(`${file}-wal`) + onDisk(`${file}-shm`),
      uploadsBytes: 4,
      backupsBytes: run.bytes,
      reserveBytes: 8192,
    });
    expect(usage.databaseBytes).toBeGreaterThan(0);
  });

  it('a damaged database is never copied over good backups', async () => {
    const dataDir = await makeInstall('damaged');
    const raw = new SQLite(sqliteFile(dataDir));
    raw.exec('create table filler (x text)');
    const insert = raw.prepare('insert into filler values (?)');
    for (let i = 0; i < 3000; i++) insert.run('x'.repeat(200));
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const clock = new ManualClock('2026-11-26T05:00:00Z');
    const service = createBackupService(settingsFor(dataDir), clock, log);
    const good = await service.runBackup(SERVER_JOB, 'manual');
    expect(good.ok).toBe(true);

    // 8 KB overwritten in the middle of the file.
    const fd = fs.openSync(sqliteFile(dataDir), 'r+');
    fs.writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(fs.fstatSync(fd).size / 2 / 4096) * 4096);
    fs.closeSync(fd);
    clock.advance(60_000);
    const run = await service.runBackup(SERVER_JOB, 'manual');
    expect(run.ok).toBe(false);
    expect(run.error).toMatch(/is damaged/u);
    expect(archivesIn(settingsFor(dataDir).dir)).toEqual([good.file]);
    expect((await service.status(SERVER_JOB)).lastGood?.file).toBe(good.file);
  });

  it('the restore drill finds a damaged backup', async () => {
    const dataDir = await makeInstall('drill');
    const service = createBackupService(settingsFor(dataDir), new ManualClock('2026-11-26T05:00:00Z'), log);
    const run = await service.runBackup(SERVER_JOB, 'manual');
    expect((await service.runDrill())?.ok).toBe(true);

    const file = path.join(settingsFor(dataDir).dir, run.file!);
    const bytes = fs.readFileSync(file);
    bytes.fill(0x41, Math.floor(bytes.length / 3), Math.floor(bytes.length / 3) + 512);
    fs.writeFileSync(file, bytes);
    const drill = await service.runDrill();
    expect(drill).toMatchObject({ ok: false, file: run.file });
    expect(drill?.error).toBeTruthy();
    const status = await service.status(SERVER_JOB);
    expect(status.warnings.some((w) => w.message.startsWith(`The last restore drill failed (${run.file})`))).toBe(true);
    expect(status.warnings.map((w) => w.code)).toContain('drill-failed');
  });

  it('warns when the disk has less than 10 % or less than 1 GB free, on either side of the limits', async () => {
    const dataDir = await makeInstall('disk');
    fs.mkdirSync(settingsFor(dataDir).dir);
    const GB = 1024 ** 3;
    const disks: Record<string, { freeBytes: number; totalBytes: number }> = {};
    const service = createBackupService(settingsFor(dataDir), new ManualClock('2026-11-26T05:00:00Z'), log, {
      measure: async (dir) => disks[dir === dataDir ? 'data' : 'backups']!,
    });
    const codes = async () => (await service.status(SERVER_JOB)).warnings.map((w) => w.code);
    Object.assign(disks, {
      data: { freeBytes: 10 * GB, totalBytes: 100 * GB },
      backups: { freeBytes: GB, totalBytes: 2 * GB },
    });
    expect(await codes()).toEqual([]);
    disks.data = { freeBytes: 10 * GB - 1, totalBytes: 100 * GB };
    expect(await codes()).toEqual(['disk-low']);
    disks.data = { freeBytes: 10 * GB, totalBytes: 100 * GB };
    disks.backups = { freeBytes: GB - 1, totalBytes: 2 * GB };
    expect((await service.status(SERVER_JOB)).warnings).toEqual([
      { code: 'disk-low', message: 'The disk of the backups is nearly full: 1.0 GB free of 2.0 GB.' },
    ]);
  });

  it('warns when the last good backup is more than 48 hours old', async () => {
    const dataDir = await makeInstall('stale-backup');
    const clock = new ManualClock('2026-11-26T05:00:00Z');
    const service = createBackupService(settingsFor(dataDir, { scheduled: false }), clock, log);
    await service.runBackup(SERVER_JOB, 'manual');
    clock.advance(48 * 3_600_000);
    expect((await service.status(SERVER_JOB)).warnings).toEqual([]);
    clock.advance(60_000);
    expect((await service.status(SERVER_JOB)).warnings).toEqual([
      { code: 'backup-stale', message: 'The last good backup is more than 48 hours old.' },
    ]);
  });
});

describe('the policy in the backup service', () => {
  it('refuses an account without backups.manage in the service itself (not only at the route), and makes nothing', async () => {
    const dataDir = await makeInstall('policy');
    const service = createBackupService(settingsFor(dataDir), new ManualClock('2026-11-25T19:15:00Z'), log);
    const dir = settingsFor(dataDir).dir;
    for (const role of ['editor', 'admissions'] as const) {
      const actor = staffAs(role);
      const forbidden = { statusCode: 403, code: 'auth/forbidden' };
      await expect(service.runBackup(actor, 'manual')).rejects.toMatchObject(forbidden);
      await expect(service.status(actor)).rejects.toMatchObject(forbidden);
      await expect(service.diskUsage(actor)).rejects.toMatchObject(forbidden);
      await expect(service.archivePath(actor, 'orbit-backup-2026-11-25T19-15-00-000Z.tar.gz')).rejects.toMatchObject(
        forbidden,
      );
    }
    expect(fs.existsSync(dir) ? archivesIn(dir) : []).toEqual([]);

    const owner = staffAs('owner');
    const made = await service.runBackup(owner, 'manual');
    expect(made.ok).toBe(true);
    expect(await service.archivePath(owner, made.file!)).toBe(path.join(dir, made.file!));
    expect((await service.status(owner)).lastGood?.file).toBe(made.file);
  });
});
